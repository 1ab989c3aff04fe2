// A "Print" button needs script; it stays hidden without it, where the browser's own menu prints.
document.querySelectorAll("[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
