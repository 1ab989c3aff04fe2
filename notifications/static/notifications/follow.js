// The Follow button of a tournament's page and of a player's page (templates/notifications/
// _follow.html): asks the browser for permission to notify, subscribes to push through the
// site's service worker (games/board_worker.js) with the server's VAPID key, and sends the
// subscription with what it follows and the page's language; pressed again, it stops following
// (DELETE). The button stays hidden where the browser has no push, or the server no keys.
"use strict";

(function () {
  var button = document.querySelector("button.follow");
  if (!button || !("serviceWorker" in navigator) || !("PushManager" in window) ||
      !("Notification" in window)) return;
  var status = document.querySelector(".follow-status");
  var player = button.dataset.player ? Number(button.dataset.player) : null;
  var remembered = "oware-follow:" + button.dataset.follow + ":" + (player || "");
  var registration = null;
  var publicKey = null;

  function say(text) { if (status) status.textContent = text || ""; }
  function show(following) {
    button.hidden = false;
    button.setAttribute("aria-pressed", following ? "true" : "false");
    button.textContent = following ? button.dataset.on : button.dataset.off;
  }
  function keyBytes(text) {
    var base64 = (text + "===".slice((text.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(base64);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function active(reg) {
    // The page is outside the worker's scope, so navigator.serviceWorker.ready never comes.
    if (reg.active) return Promise.resolve(reg);
    return new Promise(function (resolve) {
      var worker = reg.installing || reg.waiting;
      worker.addEventListener("statechange", function () {
        if (worker.state === "activated") resolve(reg);
      });
    });
  }
  function send(method, body) {
    return fetch(button.dataset.follow, {
      method: method,
      headers: { "Content-Type": "application/json" },
      credentials: "omit",
      body: JSON.stringify(body)
    });
  }

  async function start() {
    var answer = await fetch(button.dataset.key, { credentials: "omit" });
    if (!answer.ok) return; // no keys on this server: no button
    publicKey = (await answer.json()).public_key;
    registration = await active(await navigator.serviceWorker.register(button.dataset.worker));
    var subscription = await registration.pushManager.getSubscription();
    show(!!(subscription && localStorage.getItem(remembered) === subscription.endpoint));
  }

  async function toggle() {
    button.disabled = true;
    say("");
    try {
      var subscription = await registration.pushManager.getSubscription();
      if (button.getAttribute("aria-pressed") === "true") {
        if (subscription) await send("DELETE", { endpoint: subscription.endpoint, player: player });
        localStorage.removeItem(remembered);
        show(false);
        return;
      }
      if (await Notification.requestPermission() !== "granted") {
        say(button.dataset.blocked);
        return;
      }
      subscription = subscription || await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(publicKey)
      });
      var answer = await send("POST", {
        subscription: subscription.toJSON(), player: player, language: document.documentElement.lang
      });
      if (!answer.ok) throw new Error("status " + answer.status);
      localStorage.setItem(remembered, subscription.endpoint);
      show(true);
      say(button.dataset.done);
    } catch (error) {
      say(button.dataset.failed);
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", toggle);
  start().catch(function () { /* no push here: the page works without it */ });
})();
