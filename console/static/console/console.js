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
        document.dispatchEvent(new CustomEvent("askfew:refreshed"));
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

  // Canned replies: choosing one puts its text (filled in for this case) in the reply box.
  const canned = document.getElementById("canned-reply");
  if (canned) {
    canned.addEventListener("change", function () {
      const option = canned.selectedOptions[0];
      const box = document.querySelector("#reply-form textarea[name=text]");
      if (option && option.dataset.text && box) {
        box.value = option.dataset.text;
        box.focus();
      }
      canned.value = "";
    });
  }

  // The queue from the keyboard: j/k move, Enter opens, c claims, / searches, ? shows help.
  const queueTable = document.querySelector("table[data-keys=queue]");
  if (queueTable) {
    let selected = null;  // the data-case id of the selected row
    const rows = function () {
      return Array.from(queueTable.querySelectorAll("tbody tr[data-case]"));
    };
    const mark = function () {
      rows().forEach(function (row) {
        row.classList.toggle("selected", row.dataset.case === selected);
      });
    };
    const move = function (step) {
      const all = rows();
      if (!all.length) return;
      let index = all.findIndex(function (row) { return row.dataset.case === selected; });
      index = index < 0 ? 0 : Math.min(Math.max(index + step, 0), all.length - 1);
      selected = all[index].dataset.case;
      mark();
      all[index].scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("askfew:refreshed", mark);
    const help = document.getElementById("shortcut-help");
    document.addEventListener("keydown", function (event) {
      const target = event.target;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.closest("input, textarea, select") || target.isContentEditable)) {
        if (event.key === "Escape") target.blur();
        return;
      }
      if (event.key === "j") { move(1); event.preventDefault(); }
      else if (event.key === "k") { move(-1); event.preventDefault(); }
      else if (event.key === "Enter" && selected) {
        window.location.href = "/cases/" + selected + "/";
        event.preventDefault();
      } else if (event.key === "c" && selected) {
        const claim = document.getElementById("queue-claim-form");
        if (claim) {
          claim.action = "/cases/" + selected + "/claim/";
          claim.submit();
          event.preventDefault();
        }
      } else if (event.key === "/") {
        const search = document.querySelector("#filters input[name=q]");
        if (search) { search.focus(); event.preventDefault(); }
      } else if (event.key === "?" && help) {
        help.hidden = !help.hidden;
        event.preventDefault();
      } else if (event.key === "Escape" && help) {
        help.hidden = true;
      }
    });
  }

  // "Check all" boxes (the refit preview).
  document.querySelectorAll("[data-check-all]").forEach(function (box) {
    box.addEventListener("change", function () {
      box.closest("table").querySelectorAll("tbody input[type=checkbox]").forEach(function (b) {
        b.checked = box.checked;
      });
    });
  });
})();
