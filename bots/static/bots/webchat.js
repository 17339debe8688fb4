// The web chat page: post what the user types or presses, and poll the stored transcript.
// Everything shown comes from GET .../messages, so operator replies appear the same way.
(function () {
  "use strict";
  const root = document.getElementById("chat");
  const list = document.getElementById("messages");
  const form = document.getElementById("composer");
  const input = document.getElementById("text");
  const packSelect = document.getElementById("pack");
  const errorBox = document.getElementById("error");
  const POLL_MS = 2000;
  const MAX_CHARS = Number(root.dataset.maxChars) || 4000;
  let token = localStorage.getItem("askfew-chat-token") || "";
  let seen = 0;
  let caseId = null;

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = !message;
  }

  function clientId() {
    return Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
  }

  async function send(body) {
    showError("");
    const payload = Object.assign({ client_id: clientId() }, body);
    if (token) payload.token = token; else payload.pack = packSelect.value;
    const response = await fetch(root.dataset.postUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(payload),
    });
    let data = {};
    try { data = await response.json(); } catch (e) { data = {}; }
    if (!response.ok) { showError(data.error || "Could not send."); return false; }
    if (!token) { token = data.token; localStorage.setItem("askfew-chat-token", token); }
    await poll();
    return true;
  }

  function render(message) {
    const item = document.createElement("li");
    item.className = message.role;
    if (message.role === "operator") {
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = message.operator ? message.operator + " (operator)" : "Operator";
      item.appendChild(who);
    }
    item.appendChild(document.createTextNode(message.text));
    if (message.choices && message.choices.length) {
      // A choice list where several may apply: tick them, then send them as one answer
      // ("pick:<a>,<b>"; the text is their labels, never an id).
      const form = document.createElement("div");
      form.className = "buttons choices";
      const boxes = [];
      for (const choice of message.choices) {
        const line = document.createElement("label");
        const box = document.createElement("input");
        box.type = "checkbox";
        box.value = choice.payload;
        boxes.push([box, choice]);
        line.appendChild(box);
        line.appendChild(document.createTextNode(" " + choice.label));
        form.appendChild(line);
      }
      const submit = document.createElement("button");
      submit.type = "button";
      submit.textContent = "Send";
      submit.addEventListener("click", () => {
        const ticked = boxes.filter(([box]) => box.checked).map(([, choice]) => choice);
        if (!ticked.length) { showError("Tick the ones that apply, or press None of these."); return; }
        const values = ticked.map((c) => c.payload.slice("pick:".length));
        send({ text: ticked.map((c) => c.label).join(", "), button: "pick:" + values.join(",") })
          .catch(() => showError("Could not reach the server."));
      });
      form.appendChild(submit);
      item.appendChild(form);
    }
    if (message.buttons.length) {
      const row = document.createElement("div");
      row.className = "buttons";
      for (const button of message.buttons) {
        const element = document.createElement("button");
        element.type = "button";
        element.textContent = button.label;
        element.addEventListener("click", () => {
          send({ text: button.label, button: button.payload })
            .catch(() => showError("Could not reach the server."));
        });
        row.appendChild(element);
      }
      item.appendChild(row);
    }
    list.appendChild(item);
  }

  function disableOldButtons() {
    const rows = list.querySelectorAll(".buttons");
    rows.forEach((row) => {
      const latest = row.parentElement === list.lastElementChild;
      row.querySelectorAll("button, input").forEach((b) => { b.disabled = !latest; });
    });
  }

  // One poll at a time. send() polls right after posting; if the interval's poll is in flight
  // then, both would fetch with the same `seen` and render the same messages twice. A poll
  // asked for meanwhile runs once more after the one in flight, with the cursor it left.
  let polling = null;
  let pollAgain = false;

  function poll() {
    if (polling) { pollAgain = true; return polling; }
    polling = (async () => {
      try {
        do { pollAgain = false; await pollOnce(); } while (pollAgain);
      } finally {
        polling = null;
      }
    })();
    return polling;
  }

  async function pollOnce() {
    if (!token) return;
    // The token travels in a header, never in the URL (access logs, history).
    const response = await fetch(root.dataset.messagesUrl + "?after=" + seen, {
      headers: { "X-Chat-Token": token },
    });
    if (response.status === 404) { startOver(); return; }
    if (!response.ok) return;
    const data = await response.json();
    if (caseId !== null && data.case !== caseId) {
      // The user started over: the token now names a new case; show it from the start.
      caseId = data.case;
      seen = 0;
      list.replaceChildren();
      return pollOnce();
    }
    caseId = data.case;
    data.messages.forEach(render);
    seen = data.count;
    packSelect.disabled = true;
    disableOldButtons();
    list.scrollTop = list.scrollHeight;
  }

  function startOver() {
    token = "";
    seen = 0;
    caseId = null;
    localStorage.removeItem("askfew-chat-token");
    list.replaceChildren();
    packSelect.disabled = false;
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHARS) {
      // Refused whole, never cut: the text stays in the box to shorten.
      showError("That message is " + text.length.toLocaleString("en") + " characters long; " +
        "the limit is " + MAX_CHARS.toLocaleString("en") + ". Please shorten it and send again.");
      return;
    }
    input.value = "";
    // A refused message (too fast, a network failure) goes back into the box to send again.
    const restore = () => { if (!input.value) input.value = text; };
    send({ text: text })
      .then((sent) => { if (!sent) restore(); })
      .catch(() => { showError("Could not reach the server."); restore(); });
  });
  document.getElementById("new-chat").addEventListener("click", startOver);
  setInterval(() => poll().catch(() => {}), POLL_MS);
  poll().catch(() => {});
})();
