// easel preview's page: one WebSocket to the server; JSON text messages
// describe each render (status, failure, tree), binary messages are PNG
// frames drawn into the canvas. No library, no build step.
"use strict";

(function () {
  const token = new URLSearchParams(location.search).get("token") || "";
  const canvas = document.getElementById("frame");
  const context = canvas.getContext("2d");
  const stage = document.getElementById("stage");
  const panel = document.getElementById("panel");
  const connection = document.getElementById("connection");
  const statusLine = document.getElementById("status");

  // What the tests (and curious users) can read: window.easelPreview.
  const state = { status: null, framesDrawn: 0, frameGeneration: 0, connected: false, lastFrameAt: 0 };
  window.easelPreview = state;

  let zoom = "fit";
  let socket = null;
  let retry = 250;

  function layout() {
    const status = state.status;
    if (!status || !canvas.width) return;
    const width = status.width || canvas.width, height = status.height || canvas.height;
    let factor = 1;
    if (zoom === "fit") {
      const room = stage.getBoundingClientRect();
      factor = Math.min((room.width - 32) / width, (room.height - 32) / height);
      if (!(factor > 0)) factor = 1;
    }
    canvas.style.width = (width * factor) + "px";
    canvas.style.height = (height * factor) + "px";
    if (selectedPath && rects.has(selectedPath)) outline(rects.get(selectedPath));
  }

  function field(list, name, value) {
    if (value === undefined || value === null || value === "") return;
    const dt = document.createElement("dt"); dt.textContent = name;
    const dd = document.createElement("dd"); dd.textContent = String(value);
    list.append(dt, dd);
  }

  function showFailure(failure) {
    panel.hidden = !failure;
    canvas.classList.toggle("stale", !!failure);
    if (!failure) return;
    const titles = { scene: "The scene file has an error", plugin: "Plugin code failed", render: "The scene cannot be rendered", setup: "The preview cannot render" };
    document.getElementById("panel-title").textContent = titles[failure.kind] || "Render failed";
    const list = document.getElementById("panel-fields");
    list.replaceChildren();
    field(list, "class", failure.class);
    field(list, "selector", failure.selector);
    field(list, "plugin", failure.plugin);
    field(list, "plugin file", failure.pluginFile);
    field(list, "reason", failure.reason);
    field(list, "JSON path", failure.path);
    if (failure.line) field(list, "line", failure.line + ", column " + failure.column);
    field(list, "file", failure.file);
    document.getElementById("panel-message").textContent = failure.message;
  }

  // The inspector: the laid-out tree of the last render; a selected view is outlined on the canvas.
  // Positions add up frame origins less the superview's bounds origin (transforms are not applied).
  let selectedPath = null;
  const rects = new Map();

  function fmt(rect) { return `${rect.x}, ${rect.y}, ${rect.width} × ${rect.height}`; }

  function showTree(tree) {
    const list = document.getElementById("tree");
    rects.clear();
    list.replaceChildren();
    if (!tree) return;
    let count = 0;
    function add(node, parentList, originX, originY, key) {
      if (count++ > 2000) return;
      const x = originX + node.frame.x, y = originY + node.frame.y;
      const id = node.path || key;
      rects.set(id, { node, x, y });
      const item = document.createElement("li");
      const label = document.createElement("span");
      label.textContent = node.class;
      if (node.id) { const tag = document.createElement("span"); tag.className = "id"; tag.textContent = " #" + node.id; label.append(tag); }
      label.dataset.path = id;
      label.addEventListener("click", () => select(id));
      item.append(label);
      if (node.subviews && node.subviews.length) {
        const children = document.createElement("ul");
        node.subviews.forEach((child, index) => add(child, children, x - node.bounds.x, y - node.bounds.y, id + "/" + index));
        item.append(children);
      }
      parentList.append(item);
    }
    add(tree, list, 0, 0, "root");
    select(rects.has(selectedPath) ? selectedPath : null);
  }

  function select(path) {
    selectedPath = path;
    for (const label of document.querySelectorAll("#tree span[data-path]")) label.classList.toggle("selected", label.dataset.path === path);
    const properties = document.getElementById("properties");
    properties.replaceChildren();
    const entry = path ? rects.get(path) : null;
    outline(entry);
    if (!entry) return;
    const node = entry.node;
    field(properties, "class", node.class);
    field(properties, "plugin", node.plugin);
    field(properties, "id", node.id);
    field(properties, "JSON path", node.path);
    field(properties, "frame", fmt(node.frame));
    field(properties, "bounds", fmt(node.bounds));
    const t = node.transform;
    if (t.a !== 1 || t.b !== 0 || t.c !== 0 || t.d !== 1 || t.tx !== 0 || t.ty !== 0) field(properties, "transform", [t.a, t.b, t.c, t.d, t.tx, t.ty].join(", "));
    field(properties, "alpha", node.alpha);
    field(properties, "hidden", node.hidden);
    field(properties, "flags", node.flags.join(", "));
    if (node.autoresizingMask.length) field(properties, "autoresizing", node.autoresizingMask.join(", "));
  }

  function scaleFactor() {
    const status = state.status;
    if (!status || !status.width) return 1;
    return parseFloat(canvas.style.width || canvas.width) / status.width;
  }

  function outline(entry) {
    const box = document.getElementById("outline");
    box.hidden = !entry;
    if (!entry) return;
    const factor = scaleFactor();
    box.style.left = (entry.x * factor) + "px";
    box.style.top = (entry.y * factor) + "px";
    box.style.width = (entry.node.frame.width * factor) + "px";
    box.style.height = (entry.node.frame.height * factor) + "px";
  }

  canvas.addEventListener("mousemove", (event) => {
    const factor = scaleFactor();
    const x = event.offsetX / factor, y = event.offsetY / factor;
    const entry = selectedPath ? rects.get(selectedPath) : null;
    document.getElementById("pointer").textContent = entry
      ? `pointer in ${entry.node.class}: ${(x - entry.x + entry.node.bounds.x).toFixed(1)}, ${(y - entry.y + entry.node.bounds.y).toFixed(1)}`
      : `pointer: ${x.toFixed(1)}, ${y.toFixed(1)}`;
  });

  function showStatus(status) {
    state.status = status;
    try { showTree(status.tree); } catch (error) { console.error("inspector:", error); }
    document.getElementById("scene").textContent = status.scene || "gallery of every view class";
    showFailure(status.failure);
    const notes = (status.warnings || []).concat(status.diagnostics || []);
    document.getElementById("notes").hidden = notes.length === 0;
    const list = document.getElementById("warnings");
    list.replaceChildren(...notes.map((text) => { const item = document.createElement("li"); item.textContent = text; return item; }));
    statusLine.textContent = status.state === "ok"
      ? `render ${status.generation}: ${status.milliseconds} ms` + (status.changed && status.changed.length ? ` after ${status.changed.join(", ")}` : "")
      : `render ${status.generation} failed; showing render ${status.frame}`;
  }

  async function showFrame(data) {
    const bitmap = await createImageBitmap(new Blob([data], { type: "image/png" }));
    if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
    }
    context.clearRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    state.framesDrawn += 1;
    state.frameGeneration = state.status ? state.status.frame : 0;
    state.lastFrameAt = performance.now();
    layout();
  }

  // Frames are drawn in the order they arrive.
  let drawing = Promise.resolve();

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.binaryType = "arraybuffer";
    socket.onopen = () => {
      state.connected = true;
      retry = 250;
      connection.textContent = "live";
      connection.className = "connection live";
    };
    socket.onmessage = (event) => {
      if (typeof event.data === "string") {
        let message;
        try { message = JSON.parse(event.data); } catch (error) { return; }
        if (message.type === "status") drawing = drawing.then(() => showStatus(message));
      } else {
        const data = event.data;
        drawing = drawing.then(() => showFrame(data)).catch((error) => { statusLine.textContent = "cannot show the frame: " + error; });
      }
    };
    socket.onclose = () => {
      state.connected = false;
      connection.textContent = "disconnected; retrying…";
      connection.className = "connection lost";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  for (const input of document.querySelectorAll('input[name="zoom"]')) {
    input.addEventListener("change", () => { zoom = input.value; layout(); });
  }
  document.getElementById("reload").addEventListener("click", () => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "render" }));
  });
  window.addEventListener("resize", layout);
  connect();
})();
