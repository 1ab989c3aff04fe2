// Tells a result grid open in another tab or window that the arbiter is logged in again
// (a "storage" event there), then closes this window when the grid opened it.
"use strict";

try {
  localStorage.setItem("oware-signed-in", String(Date.now()));
} catch (e) { /* storage refused: the grid also retries when it gets the focus back */ }
if (window.opener) window.close();
