// askfew console: live regions, the link editor's running sum, and confirmations.
// Vanilla JS, no dependencies.
(function () {
  "use strict";

  // Live regions: an element with data-poll="<url>" is refreshed every data-poll-seconds by
  // fetching <url> with the page's own query string; the JSON's "regions" map element ids to
  // fresh HTML. Polling pauses while the tab is hidden or the user is typing in a form.
  document.querySelectorAll("[data-poll]").forEach(function (root) {
    const url = root.dataset.poll;
    const seconds = Math.max(1, parseInt(root.dataset.pollSeconds || "5", 10));
    const last = {};
    let busy = false;
    async function refresh() {
      if (busy || document.hidden) return;
      const active = document.activeElement;
      if (active && active.closest("form") && active.tagName !== "BUTTON") return;
      busy = true;
      try {
        const response = await fetch(url + window.location.search, {
          headers: { Accept: "application/json" }, credentials: "same-origin",
        });
        if (!response.ok) return;
        const data = await response.json();
        Object.entries(data.regions || {}).forEach(function ([id, html]) {
          const element = document.getElementById(id);
          if (element && last[id] !== html) {
            element.innerHTML = html;
            last[id] = html;
          }
        });
        document.body.dataset.lastPoll = String(Date.now());
      } catch (error) {
        // A failed poll is retried at the next tick; nothing to tell the operator.
      } finally {
        busy = false;
      }
    }
    window.setInterval(refresh, seconds * 1000);
  });

  // The link editor: show the sum of the masses as they are typed.
  const form = document.getElementById("link-form");
  if (form) {
    const output = document.getElementById("mass-sum");
    const inputs = form.querySelectorAll("input[name^='m__']");
    const update = function () {
      let total = 0;
      inputs.forEach(function (input) { total += parseFloat(input.value || "0") || 0; });
      output.textContent = total.toFixed(4);
      output.className = Math.abs(total - 1) < 1e-6 ? "ok" : "bad";
    };
    inputs.forEach(function (input) { input.addEventListener("input", update); });
    update();
  }

  // Forms that change something big ask first.
  document.querySelectorAll("form[data-confirm]").forEach(function (element) {
    element.addEventListener("submit", function (event) {
      if (!window.confirm(element.dataset.confirm)) event.preventDefault();
    });
  });

  // "Check all" boxes (the refit preview).
  document.querySelectorAll("[data-check-all]").forEach(function (box) {
    box.addEventListener("change", function () {
      box.closest("table").querySelectorAll("tbody input[type=checkbox]").forEach(function (b) {
        b.checked = box.checked;
      });
    });
  });
})();
