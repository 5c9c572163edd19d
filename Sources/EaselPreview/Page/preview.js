// easel preview's page: one WebSocket to the server. JSON text messages
// describe each render (status: failure, tree, classes) and each frame (its
// sequence number, the clock, how many tiles follow); binary messages are
// the frame's changed tiles (a 32-byte header, then a PNG) drawn into the
// canvas once all of a frame's tiles are decoded. Pointer events on the
// canvas go back as touches. No library, no build step.
"use strict";

(function () {
  const token = new URLSearchParams(location.search).get("token") || "";
  const canvas = document.getElementById("frame");
  const context = canvas.getContext("2d");
  const stage = document.getElementById("stage");
  const panel = document.getElementById("panel");
  const connection = document.getElementById("connection");
  const statusLine = document.getElementById("status");
  const playButton = document.getElementById("play");
  const stepButton = document.getElementById("step");
  const slider = document.getElementById("timeline");
  const timeLabel = document.getElementById("time");

  // What the tests, the benchmark (and curious users) read: window.easelPreview.
  const state = {
    status: null, frame: null, framesDrawn: 0, tilesDrawn: 0, tileBytes: 0, sequence: -1, frameGeneration: 0,
    connected: false, lastFrameAt: 0, paints: [], inputLatencies: [], inputPaints: [], inputsSent: 0, inspectorTimes: [],
  };
  window.easelPreview = state;

  let zoom = "fit";
  let socket = null;
  let retry = 250;

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function sceneSize() {
    const status = state.status;
    const scale = status && status.scale ? status.scale : 1;
    return { width: (status && status.width) || canvas.width / scale, height: (status && status.height) || canvas.height / scale };
  }

  function layout() {
    if (!canvas.width) return;
    const size = sceneSize();
    let factor = 1;
    if (zoom === "fit") {
      const room = stage.getBoundingClientRect();
      factor = Math.min((room.width - 32) / size.width, (room.height - 32) / size.height);
      if (!(factor > 0)) factor = 1;
    }
    canvas.style.width = (size.width * factor) + "px";
    canvas.style.height = (size.height * factor) + "px";
    if (selectedPath && rects.has(selectedPath)) outline(rects.get(selectedPath));
  }

  function field(list, name, value) {
    if (value === undefined || value === null || value === "") return;
    const dt = document.createElement("dt"); dt.textContent = name;
    const dd = document.createElement("dd"); dd.textContent = String(value);
    list.append(dt, dd);
    return dd;
  }

  function showFailure(failure) {
    panel.hidden = !failure;
    canvas.classList.toggle("stale", !!failure);
    if (!failure) return;
    const titles = { scene: "The scene file has an error", plugin: "Plugin code failed", load: "A plugin cannot be loaded", render: "The scene cannot be rendered", setup: "The preview cannot render" };
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

  // The inspector: the laid-out tree; a selected view is outlined on the canvas, its properties
  // can be edited (sent to the worker through the registry's property setter).
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
    function add(node, parentList, originX, originY, key, indexPath) {
      if (count++ > 2000) return;
      const x = originX + node.frame.x, y = originY + node.frame.y;
      const id = node.path || key;
      rects.set(id, { node, x, y, indexPath });
      const item = document.createElement("li");
      const label = document.createElement("span");
      label.textContent = node.class;
      if (node.id) { const tag = document.createElement("span"); tag.className = "id"; tag.textContent = " #" + node.id; label.append(tag); }
      label.dataset.path = id;
      label.addEventListener("click", () => select(id));
      item.append(label);
      if (node.subviews && node.subviews.length) {
        const children = document.createElement("ul");
        node.subviews.forEach((child, index) => add(child, children, x - node.bounds.x, y - node.bounds.y, id + "/" + index, indexPath.concat([index])));
        item.append(children);
      }
      parentList.append(item);
    }
    add(tree, list, 0, 0, "root", []);
    select(rects.has(selectedPath) ? selectedPath : null);
  }

  // An editable value: Enter sends it as JSON (as in a scene file).
  function editable(list, name, value, entry, type) {
    const dt = document.createElement("dt"); dt.textContent = name;
    if (type) dt.title = type;
    const dd = document.createElement("dd");
    const input = document.createElement("input");
    input.value = value; input.dataset.property = name; input.className = "edit";
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      let text = input.value.trim();
      try { JSON.parse(text); } catch (error) { text = JSON.stringify(text); }   // bare text is a string
      send({ type: "edit", indexPath: entry.indexPath, path: entry.node.path || null, property: name, value: text });
    });
    dd.append(input);
    list.append(dt, dd);
  }

  function select(path) {
    selectedPath = path;
    for (const label of document.querySelectorAll("#tree span[data-path]")) label.classList.toggle("selected", label.dataset.path === path);
    const properties = document.getElementById("properties");
    properties.replaceChildren();
    const selectors = document.getElementById("selectors");
    selectors.replaceChildren();
    const entry = path ? rects.get(path) : null;
    outline(entry);
    if (!entry) return;
    const node = entry.node;
    field(properties, "class", node.class);
    field(properties, "plugin", node.plugin);
    field(properties, "id", node.id);
    field(properties, "JSON path", node.path);
    editable(properties, "frame", `[${node.frame.x}, ${node.frame.y}, ${node.frame.width}, ${node.frame.height}]`, entry);
    field(properties, "bounds", fmt(node.bounds));
    const t = node.transform;
    if (t.a !== 1 || t.b !== 0 || t.c !== 0 || t.d !== 1 || t.tx !== 0 || t.ty !== 0) field(properties, "transform", [t.a, t.b, t.c, t.d, t.tx, t.ty].join(", "));
    editable(properties, "alpha", String(node.alpha), entry);
    editable(properties, "hidden", String(node.hidden), entry);
    field(properties, "flags", node.flags.join(", "));
    if (node.autoresizingMask.length) field(properties, "autoresizing", node.autoresizingMask.join(", "));
    if (node.drawMilliseconds !== undefined && node.drawMilliseconds !== null) field(properties, "drawRect:", node.drawMilliseconds.toFixed(3) + " ms");
    for (const name of Object.keys(node.properties || {}).sort()) {
      editable(properties, name, node.properties[name], entry, (node.propertyTypes || {})[name]);
    }
    if (node.constraints && node.constraints.length) field(properties, "constraints", node.constraints.join("\n"));
    // The class's selectors, and its superclasses'.
    const classes = new Map(((state.status && state.status.classes) || []).map((info) => [info.name, info]));
    let info = classes.get(node.class);
    for (let depth = 0; info && depth < 32; depth++) {
      for (const selector of info.selectors) {
        const item = document.createElement("li");
        item.textContent = selector.signature;
        item.title = selector.encoding;
        selectors.append(item);
      }
      info = info.superclass ? classes.get(info.superclass) : null;
    }
  }

  function scaleFactor() {
    return parseFloat(canvas.style.width || canvas.width) / sceneSize().width;
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

  // The pointer in the scene's points: through the displayed size (the zoom and the device pixel ratio).
  function pointOf(event) {
    const box = canvas.getBoundingClientRect();
    const size = sceneSize();
    return { x: (event.clientX - box.left) * size.width / box.width, y: (event.clientY - box.top) * size.height / box.height };
  }

  canvas.addEventListener("pointermove", (event) => {
    const point = pointOf(event);
    const entry = selectedPath ? rects.get(selectedPath) : null;
    document.getElementById("pointer").textContent = entry
      ? `pointer in ${entry.node.class}: ${(point.x - entry.x + entry.node.bounds.x).toFixed(1)}, ${(point.y - entry.y + entry.node.bounds.y).toFixed(1)}`
      : `pointer: ${point.x.toFixed(1)}, ${point.y.toFixed(1)}`;
  });

  // Touches: each pointer is a finger; every pointer event is one event of the fingers that changed.
  const down = new Set();
  const inputTimes = new Map();
  function touch(event, phase) {
    if (!state.status || !state.status.live) return;
    if (phase === "began") { down.add(event.pointerId); canvas.setPointerCapture(event.pointerId); }
    else if (!down.has(event.pointerId)) return;
    if (phase === "ended" || phase === "cancelled") down.delete(event.pointerId);
    const point = pointOf(event);
    state.inputsSent += 1;
    inputTimes.set(state.inputsSent, [performance.now(), Date.now()]);
    send({ type: "touches", input: state.inputsSent, touches: [{ finger: event.pointerId, phase, x: point.x, y: point.y }] });
    event.preventDefault();
  }
  canvas.addEventListener("pointerdown", (event) => touch(event, "began"));
  canvas.addEventListener("pointermove", (event) => touch(event, "moved"));
  canvas.addEventListener("pointerup", (event) => touch(event, "ended"));
  canvas.addEventListener("pointercancel", (event) => touch(event, "cancelled"));

  // The inspector's tree is rebuilt after the frame that came with the status is on screen
  // (after the next animation frame), and only when it changed, so that it never holds a frame back.
  let shownTree = null;
  let inspectorScheduled = false;
  function scheduleInspector() {
    if (inspectorScheduled) return;
    inspectorScheduled = true;
    requestAnimationFrame(() => setTimeout(() => {
      inspectorScheduled = false;
      const tree = state.status ? state.status.tree : null;
      const text = JSON.stringify(tree || null);
      if (text === shownTree) return;
      shownTree = text;
      const started = performance.now();
      try { showTree(tree); } catch (error) { console.error("inspector:", error); }
      state.inspectorTimes.push(performance.now() - started);
      if (state.inspectorTimes.length > 2000) state.inspectorTimes.splice(0, 1000);
    }, 0));
  }

  function showStatus(status) {
    state.status = status;
    scheduleInspector();
    document.getElementById("scene").textContent = status.scene || "gallery of every view class";
    showFailure(status.failure);
    const notes = (status.warnings || []).concat(status.diagnostics || []).concat(status.notes || []);
    if (status.editError) notes.push(status.editError);
    document.getElementById("notes").hidden = notes.length === 0;
    const list = document.getElementById("warnings");
    list.replaceChildren(...notes.map((text) => { const item = document.createElement("li"); item.textContent = text; return item; }));
    document.getElementById("saved").textContent = status.saved ? "saved as " + status.saved : (status.edits ? status.edits + " edit(s)" : "");
    for (const control of [playButton, stepButton, slider]) control.disabled = !status.live;
    statusLine.textContent = status.state === "ok"
      ? `render ${status.generation}: ${status.milliseconds} ms` + (status.changed && status.changed.length ? ` after ${status.changed.join(", ")}` : "")
      : `render ${status.generation} failed; showing render ${status.frame}`;
  }

  function showClock(frame) {
    state.frame = frame;
    playButton.textContent = frame.playing ? "pause" : "play";
    const end = Math.max(frame.duration, 0);
    slider.max = String(end > 0 ? end : 1);
    if (!sliding) slider.value = String(Math.min(frame.time, end));
    timeLabel.textContent = `${frame.time.toFixed(3)} s / ${end.toFixed(3)} s`;
  }

  // A frame's tiles arrive as binary messages after its frame message; drawn together once all are decoded.
  let assembling = null;
  let drawing = Promise.resolve();

  function tile(data) {
    const view = new DataView(data);
    const header = {
      sequence: view.getUint32(0, true), index: view.getUint32(4, true) & 0xffff, count: view.getUint32(4, true) >>> 16,
      x: view.getUint32(8, true), y: view.getUint32(12, true), width: view.getUint32(16, true), height: view.getUint32(20, true),
      frameWidth: view.getUint32(24, true), frameHeight: view.getUint32(28, true),
    };
    if (!assembling || assembling.sequence !== header.sequence) assembling = { sequence: header.sequence, count: header.count, tiles: [] };
    assembling.tiles.push({ header, blob: new Blob([new Uint8Array(data, 32)], { type: "image/png" }) });
    state.tileBytes += data.byteLength;
    if (assembling.tiles.length < assembling.count) return;
    const complete = assembling;
    assembling = null;
    drawing = drawing.then(() => paint(complete)).catch((error) => { statusLine.textContent = "cannot show the frame: " + error; });
  }

  async function paint(frame) {
    const bitmaps = await Promise.all(frame.tiles.map((entry) => createImageBitmap(entry.blob)));
    frame.decoded = Date.now();
    const first = frame.tiles[0].header;
    if (canvas.width !== first.frameWidth || canvas.height !== first.frameHeight) {
      canvas.width = first.frameWidth;
      canvas.height = first.frameHeight;
    }
    frame.tiles.forEach((entry, index) => {
      const h = entry.header;
      context.clearRect(h.x, h.y, h.width, h.height);
      context.drawImage(bitmaps[index], h.x, h.y);
      bitmaps[index].close();
    });
    state.framesDrawn += 1;
    state.tilesDrawn += frame.tiles.length;
    state.lastTiles = frame.tiles.map((entry) => [entry.header.x, entry.header.y, entry.header.width, entry.header.height]);
    state.sequence = frame.sequence;
    state.frameGeneration = state.status ? state.status.frame : 0;
    state.lastFrameAt = performance.now();
    // When the frame's message arrived and each stage on the server ended (Date.now() milliseconds): the benchmark's breakdown.
    const timings = state.frame && state.frame.sequence === frame.sequence
      ? Object.assign({ arrived: state.frame.arrived, decoded: frame.decoded }, state.frame.timings || {}) : null;
    state.paints.push({ sequence: frame.sequence, at: Date.now(), generation: state.status ? state.status.generation : 0, tiles: frame.tiles.length,
      pixels: frame.tiles.reduce((sum, entry) => sum + entry.header.width * entry.header.height, 0), timings });
    if (state.paints.length > 2000) state.paints.splice(0, 1000);
    if (state.frame && state.frame.input && inputTimes.has(state.frame.input)) {
      const [sentAt, sentWall] = inputTimes.get(state.frame.input);
      state.inputLatencies.push(performance.now() - sentAt);
      state.inputPaints.push({ sent: sentWall, at: Date.now(), timings });
      if (state.inputPaints.length > 2000) state.inputPaints.splice(0, 1000);
      for (const key of inputTimes.keys()) if (key <= state.frame.input) inputTimes.delete(key);
    }
    layout();
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.binaryType = "arraybuffer";
    socket.onopen = () => {
      state.connected = true;
      retry = 250;
      connection.textContent = "live";
      connection.className = "connection live";
      send({ type: "hello", dpr: window.devicePixelRatio || 1 });
    };
    socket.onmessage = (event) => {
      if (typeof event.data === "string") {
        let message;
        try { message = JSON.parse(event.data); } catch (error) { return; }
        if (message.type === "status") drawing = drawing.then(() => showStatus(message));
        else if (message.type === "frame") {
          message.arrived = Date.now();
          drawing = drawing.then(() => showClock(message));
        }
      } else {
        tile(event.data);
      }
    };
    socket.onclose = () => {
      state.connected = false;
      assembling = null;
      connection.textContent = "disconnected; retrying…";
      connection.className = "connection lost";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }

  for (const input of document.querySelectorAll('input[name="zoom"]')) {
    input.addEventListener("change", () => { zoom = input.value; layout(); });
  }
  document.getElementById("reload").addEventListener("click", () => send({ type: "render" }));
  playButton.addEventListener("click", () => send({ type: state.frame && state.frame.playing ? "pause" : "play" }));
  stepButton.addEventListener("click", () => send({ type: "step" }));
  let sliding = false;
  slider.addEventListener("input", () => { sliding = true; send({ type: "seek", time: parseFloat(slider.value) }); });
  slider.addEventListener("change", () => { sliding = false; });
  document.getElementById("save").addEventListener("click", () => send({ type: "save" }));
  window.addEventListener("resize", layout);
  connect();
})();
