// The script of symref's HTML report: the numbered source, the symbolic execution tree drawn
// window by window, a node's details (path condition, σ, ρ and path(ρ), test and replay), the
// list of paths, and the lockstep stepper of §2–§3.  Everything it shows comes from the JSON in
// #symref-data; it loads nothing from the network.
(function () {
  'use strict';

  const data = JSON.parse(document.getElementById('symref-data').textContent);
  const tree = data.tree;
  const paths = data.exploration.paths;
  const windows = data.windows;
  const stepper = data.stepper;
  const KINDS = ['normal', 'nil-dereference', 'out-of-bounds', 'assertion-failure', 'blocked', 'bound', 'infeasible', 'unknown'];
  const KIND_TEXT = {
    'normal': 'normal', 'nil-dereference': 'nil-dereference', 'out-of-bounds': 'out-of-bounds',
    'assertion-failure': 'assertion-failure', 'blocked': 'blocked (assume failed)', 'bound': 'bound (cut by a limit)',
    'infeasible': 'infeasible (pruned)', 'unknown': 'unknown (solver)'
  };

  const $ = (id) => document.getElementById(id);
  const state = { tab: 'tree', window: -1, node: -1, step: 0, notation: 'math', zoom: {}, fitted: {}, pathFilter: new Set(KINDS), selectedRow: null };

  // ---------------------------------------------------------------------------------------------
  // The tree, derived once: children, depth, leaf kinds, leaves below each node, leaves in order.

  const children = tree.map(() => []);
  tree.forEach((node, id) => { if (node.parent >= 0) children[node.parent].push(id); });
  const depth = new Int32Array(tree.length);
  tree.forEach((node, id) => { if (node.parent >= 0) depth[id] = depth[node.parent] + 1; });

  function leafKind(path) {
    if (path.status === 'unsat') return 'infeasible';
    if (path.status === 'unknown') return 'unknown';
    return path.outcome || 'unknown';
  }
  const counts = tree.map(() => new Array(KINDS.length).fill(0));
  for (let id = tree.length - 1; id >= 0; --id) {
    const node = tree[id];
    if (node.path >= 0) counts[id][KINDS.indexOf(leafKind(paths[node.path]))] += 1;
    if (node.parent >= 0) for (let k = 0; k < KINDS.length; ++k) counts[node.parent][k] += counts[id][k];
  }
  const leavesInOrder = [];
  {
    const stack = [0];
    while (stack.length) {
      const id = stack.pop();
      if (tree[id].path >= 0) leavesInOrder.push(id);
      for (let k = children[id].length - 1; k >= 0; --k) stack.push(children[id][k]);
    }
  }
  const leafRank = new Map(leavesInOrder.map((id, rank) => [id, rank]));

  // The branch letters from the root to a node.
  function prefixOf(id) {
    const parts = [];
    for (let n = id; n > 0; n = tree[n].parent) parts.push(tree[n].letters);
    return parts.reverse().join('');
  }
  function ancestors(id) {
    const out = [];
    for (let n = id; n >= 0; n = tree[n].parent) out.push(n);
    return out.reverse();
  }

  // ---------------------------------------------------------------------------------------------
  // Formulas: the program's notation (as symref prints terms) or mathematical notation.

  const TOKEN = /==>|==|!=|<=|>=|&&|\|\||:=|[A-Za-z_][A-Za-z0-9_#]*|[0-9]+|\s+|[^]/g;
  const MATH = { '==>': '⇒', '==': '=', '!=': '≠', '<=': '≤', '>=': '≥', '&&': '∧', '||': '∨', '!': '¬', '*': '·' };
  function pretty(text) {
    if (state.notation === 'code') return text;
    return text.replace(TOKEN, (t) => (Object.prototype.hasOwnProperty.call(MATH, t) ? MATH[t] : t));
  }
  // The top-level conjuncts of a formula when its outermost operator is &&, else the formula.
  function topConjuncts(text) {
    const parts = [];
    let level = 0, start = 0;
    for (const match of text.matchAll(TOKEN)) {
      const t = match[0];
      if (t === '(' || t === '[') ++level;
      else if (t === ')' || t === ']') --level;
      else if (level === 0 && (t === '||' || t === '==>' || t === '?' || t === ':')) return [text];
      else if (level === 0 && t === '&&') {
        parts.push(text.slice(start, match.index).trim());
        start = match.index + 2;
      }
    }
    parts.push(text.slice(start).trim());
    return parts.join(' && ') === text ? parts : [text];
  }
  function el(tag, attributes, ...content) {
    const element = document.createElement(tag);
    if (attributes) for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'class') element.className = value;
      else if (key === 'text') element.textContent = value;
      else if (key.startsWith('on')) element.addEventListener(key.slice(2), value);
      else element.setAttribute(key, value === true ? '' : value);
    }
    for (const item of content.flat()) if (item !== null && item !== undefined && item !== false)
      element.append(item instanceof Node ? item : document.createTextNode(String(item)));
    return element;
  }
  // A piece of formula text that follows the notation switch.
  function f(text, tag) {
    const element = el(tag || 'code', { class: 'f' });
    element.dataset.raw = text;
    element.textContent = pretty(text);
    return element;
  }
  // A formula in a box, one top-level conjunct per line; its text is exactly the given formula.
  function formulaBox(text, extraClass) {
    const box = el('div', { class: 'formula' + (extraClass ? ' ' + extraClass : '') + (text === 'false' ? ' false' : '') });
    const parts = topConjuncts(text);
    parts.forEach((part, k) => {
      const line = el('span', { class: 'conjunct' });
      if (k > 0) { const and = f(' && ', 'span'); and.classList.add('and'); line.append(and); }
      line.append(f(part, 'span'));
      box.append(line);
    });
    return box;
  }
  function refreshNotation() {
    for (const element of document.querySelectorAll('.f')) element.textContent = pretty(element.dataset.raw);
    $('notation').textContent = state.notation === 'math' ? 'x ≤ y' : 'x <= y';
    $('notation').setAttribute('aria-pressed', state.notation === 'math');
  }

  function badge(kind, text) { return el('span', { class: 'badge k-' + kind }, text || kind); }

  // ---------------------------------------------------------------------------------------------
  // Header, legend, summary

  function renderHeader() {
    const meta = $('meta');
    const items = [['program', data.program], ['engine', data.engine === 'trace' ? 'trace (§4, path(ρ))' : 'forward (§2–§4.1)'],
      ['solver', data.solver], ['loop bound', String(data.loop_bound)], ['layout', data.layout === 'graphviz' ? 'Graphviz dot' : 'symref']];
    if (stepper) items.push(['input', data.input_file || 'given']);
    for (const [label, value] of items) meta.append(el('span', null, label + ' ', el('b', null, value)));
    document.title = 'symref report — ' + data.program;
    const summary = $('summary');
    const total = counts[0];
    summary.append(el('span', { class: 'muted small', style: 'align-self:center' },
      paths.length + (paths.length === 1 ? ' leaf' : ' leaves') + (data.exploration.stats.truncated ? ' (stopped at the path limit)' : '')));
    KINDS.forEach((kind, k) => {
      if (!total[k]) return;
      const chip = el('span', { class: 'chip k-' + kind, title: 'show these paths', 'data-kind': kind, 'data-count': total[k],
        onclick: () => { state.pathFilter = new Set([kind]); filterChanged(); showTab('paths'); } }, total[k] + ' ' + kind);
      summary.append(chip);
    });
    // The legend: each outcome the tree has is a switch that shows or dims its leaves, here and in
    // the paths list; the other entries only explain the drawing.
    const legend = $('legend');
    legend.append(el('span', null, el('span', { class: 'swatch', style: 'border-color:#546e7a;background:#fff' }), 'fork'));
    KINDS.forEach((kind, k) => {
      if (!total[k]) return;
      legend.append(el('button', { type: 'button', class: 'legend-kind chip k-' + kind, 'data-kind': kind,
        title: 'show only these leaves; click others to add them', onclick: () => toggleKind(kind) }, KIND_TEXT[kind] + ' · ' + total[k]));
    });
    legend.append(el('button', { type: 'button', class: 'legend-kind legend-all chip k-fork', title: 'show every leaf', onclick: () => showAllKinds() }, 'all'));
    legend.append(el('span', null, el('span', { class: 'swatch', style: 'border-color:#607d8b;background:#eceff1' }), 'collapsed subtree: click to open'));
    if (data.layout_note) $('layout-note').textContent = data.layout_note;
  }

  // ---------------------------------------------------------------------------------------------
  // Source

  const sourceLines = data.source.split('\n');
  if (sourceLines.length && sourceLines[sourceLines.length - 1] === '') sourceLines.pop();
  const KEYWORDS = new Set(['var', 'proc', 'class', 'field', 'method', 'main', 'if', 'else', 'while', 'return', 'new', 'nil', 'this',
    'true', 'false', 'assert', 'assume', 'skip', 'int', 'bool', 'len']);
  function renderSource() {
    $('source-title').textContent = 'Source · ' + data.program.split('/').pop();
    const list = $('source');
    let inComment = false;
    sourceLines.forEach((line, k) => {
      const text = el('span', { class: 'text' });
      // A light highlighter: keywords, numbers, comments.
      let rest = line;
      while (rest.length) {
        if (inComment) {
          const end = rest.indexOf('*/');
          const piece = end < 0 ? rest : rest.slice(0, end + 2);
          text.append(el('span', { class: 'tok-comment' }, piece));
          rest = rest.slice(piece.length);
          if (end >= 0) inComment = false;
          continue;
        }
        const lineComment = rest.indexOf('//'), blockComment = rest.indexOf('/*');
        let cut = rest.length;
        if (lineComment >= 0) cut = lineComment;
        if (blockComment >= 0 && blockComment < cut) cut = blockComment;
        const code = rest.slice(0, cut);
        for (const match of code.matchAll(/[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[^A-Za-z_0-9]+/g)) {
          const t = match[0];
          if (KEYWORDS.has(t)) text.append(el('span', { class: 'tok-keyword' }, t));
          else if (/^[0-9]+$/.test(t)) text.append(el('span', { class: 'tok-number' }, t));
          else text.append(t);
        }
        rest = rest.slice(cut);
        if (!rest.length) break;
        if (rest.startsWith('//')) { text.append(el('span', { class: 'tok-comment' }, rest)); rest = ''; }
        else { inComment = true; }
      }
      list.append(el('li', { id: 'line-' + (k + 1) }, el('span', { class: 'number' }, String(k + 1)), text));
    });
  }
  function highlightLines(marks) {
    for (const element of document.querySelectorAll('ol.source li.hl-branch, ol.source li.hl-here, ol.source li.hl-step'))
      element.classList.remove('hl-branch', 'hl-here', 'hl-step');
    let first = null;
    for (const [line, kind] of marks) {
      const element = line > 0 ? $('line-' + line) : null;
      if (!element) continue;
      element.classList.add(kind);
      if (!first) first = element;
    }
    if (first) first.scrollIntoView({ block: 'nearest' });
  }
  function statementText(line) { return line > 0 && line <= sourceLines.length ? sourceLines[line - 1].trim() : ''; }
  function lineLink(line, prefix) {
    if (!(line > 0)) return el('span', { class: 'muted' }, prefix ? prefix + 'end of main' : 'end of main');
    return el('button', { class: 'link', type: 'button', onclick: () => $('line-' + line).scrollIntoView({ block: 'center' }) },
      (prefix || '') + 'line ' + line);
  }

  // ---------------------------------------------------------------------------------------------
  // Tree windows

  const canvas = $('tree-canvas');
  let inputLeaf = -1;
  const inputNodes = new Set();

  function naturalSize(svg) {
    const box = svg.viewBox && svg.viewBox.baseVal;
    if (box && box.width) return [box.width, box.height];
    return [svg.width.baseVal.value, svg.height.baseVal.value];
  }
  function applyZoom() {
    const svg = canvas.querySelector('svg');
    if (!svg) return;
    const [width, height] = naturalSize(svg);
    const zoom = state.zoom[state.window];
    svg.style.width = (width * zoom) + 'px';
    svg.style.height = (height * zoom) + 'px';
    svg.removeAttribute('width');
    svg.removeAttribute('height');
  }
  function fitZoom() {
    const svg = canvas.querySelector('svg');
    if (!svg) return 1;
    // The whole window in the pane: its width and its height (the canvas pads 12px a side).
    const [width, height] = naturalSize(svg);
    const room = [canvas.clientWidth - 28, canvas.clientHeight - 28];
    if (room[0] <= 0 || room[1] <= 0 || !width || !height) return 1;
    return Math.max(0.15, Math.min(1.4, room[0] / width, room[1] / height));
  }
  function setZoom(zoom, fitted) {
    state.zoom[state.window] = Math.max(0.15, Math.min(4, zoom));
    state.fitted[state.window] = Boolean(fitted);
    applyZoom();
  }
  // A window the reader has not zoomed stays fitted to the pane as the pane changes size.
  function refit() {
    if (state.tab !== 'tree' || state.window < 0 || !state.fitted[state.window]) return;
    setZoom(fitZoom(), true);
  }
  window.addEventListener('resize', refit);

  function showWindow(index) {
    if (index < 0 || index >= windows.length) return;
    const changed = state.window !== index;
    state.window = index;
    if (changed) {
      canvas.innerHTML = windows[index].svg;
      const svg = canvas.querySelector('svg');
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', 'symbolic execution tree');
      for (const text of svg.querySelectorAll('g.node text')) {
        text.dataset.raw = text.textContent;
        text.classList.add('f');
        text.textContent = pretty(text.dataset.raw);
      }
      for (const id of inputNodes) {
        const node = $('n' + id), edge = $('e' + id);
        if (node) node.classList.add('input-path');
        if (edge) edge.classList.add('input-path');
      }
      if (state.zoom[index] === undefined || state.fitted[index]) { state.zoom[index] = fitZoom(); state.fitted[index] = true; }
      applyZoom();
      applyKindFilter();
      canvas.scrollTop = 0;
      canvas.scrollLeft = Math.max(0, (canvas.scrollWidth - canvas.clientWidth) / 2);
    }
    renderCrumbs();
    markSelection();
  }
  function windowLabel(index) {
    if (index === 0) return 'main';
    const prefix = prefixOf(windows[index].root);
    return prefix.length > 14 ? '…' + prefix.slice(-13) : prefix || '·';
  }
  function renderCrumbs() {
    const crumbs = $('crumbs');
    crumbs.textContent = '';
    const chain = [];
    for (let w = state.window; w >= 0;) {
      chain.push(w);
      if (w === 0) break;
      w = data.window_of[windows[w].root];
    }
    chain.reverse();
    crumbs.append(el('span', { class: 'muted' }, 'window'));
    chain.forEach((w, k) => {
      if (k) crumbs.append(el('span', { class: 'sep' }, '›'));
      crumbs.append(el('button', { type: 'button', class: w === state.window ? 'current' : '', title: 'branches ' + (prefixOf(windows[w].root) || '(none)'),
        onclick: () => { showWindow(w); selectNode(windows[w].root, { keepWindow: true }); } }, windowLabel(w)));
    });
    if (windows.length > 1) crumbs.append(el('span', { class: 'muted small' }, ' ' + (state.window + 1) + ' of ' + windows.length + ' windows'));
  }
  function markSelection() {
    for (const element of canvas.querySelectorAll('.selected, .on-path')) element.classList.remove('selected', 'on-path');
    if (state.node < 0) return;
    const element = $('n' + state.node);
    if (element) element.classList.add('selected');
    for (const id of ancestors(state.node)) {
      const edge = $('e' + id);
      if (edge) edge.classList.add('on-path');
    }
  }
  // The window in which a node is best seen: the one that shows it below its parent.
  function windowFor(id) { return data.window_of[id] >= 0 ? data.window_of[id] : 0; }

  canvas.addEventListener('click', (event) => {
    const group = event.target.closest && event.target.closest('g.node');
    if (!group) return;
    const id = Number(group.id.slice(1));
    if (group.id[0] === 's') openSubtree(id);
    else selectNode(id, { keepWindow: true });
  });
  canvas.addEventListener('dblclick', (event) => {
    const group = event.target.closest && event.target.closest('g.node');
    if (group && group.id[0] === 'n') openSubtree(Number(group.id.slice(1)));
  });
  canvas.addEventListener('wheel', (event) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    setZoom(state.zoom[state.window] * (event.deltaY < 0 ? 1.1 : 1 / 1.1));
  }, { passive: false });
  function openSubtree(id) {
    const w = data.window_rooted[id];
    if (w === undefined || w < 0 || w === state.window) return false;
    showWindow(w);
    selectNode(id, { keepWindow: true });
    return true;
  }

  // ---------------------------------------------------------------------------------------------
  // Details of a node

  function kv(rows) {
    const table = el('table', { class: 'kv' });
    for (const [name, value] of rows) table.append(el('tr', null, el('td', null, name), el('td', { class: 'value' }, value)));
    return table;
  }
  function section(title, hint, ...content) {
    return el('div', { class: 'section' }, el('h3', null, title, hint ? el('span', { class: 'hint' }, hint) : null), ...content);
  }
  function stateTable(json) {
    const rows = [];
    // Values as the language writes them: nil for null, an object's id without quotes.
    const show = (value) => (value === null ? 'nil' : Array.isArray(value) ? '[' + value.map(show).join(', ') + ']' : String(value));
    for (const [name, value] of Object.entries(json.globals || {})) rows.push([name, show(value)]);
    for (const [id, object] of Object.entries(json.heap || {})) {
      const fields = Object.entries(object).filter(([key]) => key !== 'class').map(([key, value]) => key + ' = ' + show(value));
      rows.push([id, object.class + ' { ' + fields.join(', ') + ' }']);
    }
    return rows.length ? kv(rows) : el('div', { class: 'muted' }, 'no globals');
  }
  function verdict(text) {
    if (!text) return el('span', { class: 'muted' }, '—');
    if (text === 'agrees') return el('span', { class: 'verdict-good' }, '✓ agrees: the concrete run takes this path to this outcome and ends in V0∘σ');
    if (text.startsWith('disagrees')) return el('span', { class: 'verdict-bad' }, '✗ ' + text);
    return el('span', { class: 'muted' }, text);
  }
  function countsLine(id) {
    const line = el('div', { class: 'detail-head' });
    KINDS.forEach((kind, k) => { if (counts[id][k]) line.append(badge(kind, counts[id][k] + ' ' + kind)); });
    return line;
  }
  // The line that decided each letter of the edge into a node: the explorer records it; a report
  // without it has only the parent fork's line, which decided the first letter.
  function letterLines(id) {
    const node = tree[id];
    const parent = node.parent >= 0 ? tree[node.parent] : null;
    const lines = node.letter_lines || [];
    return Array.from(node.letters, (letter, k) => [letter, lines[k] !== undefined ? lines[k] : (k === 0 && parent ? parent.line : 0)]);
  }
  function edgeSection(id) {
    const node = tree[id];
    const content = [];
    content.push(el('div', null, 'letters ', el('code', null, node.letters || '(none)')));
    const decided = el('ul', { class: 'letter-lines' });
    for (const [letter, line] of letterLines(id))
      decided.append(el('li', { 'data-letter': letter, 'data-line': line }, el('code', null, letter), ' decided at ',
        lineLink(line), line > 0 ? el('span', null, ': ', el('code', null, statementText(line))) : null));
    if (node.letters) content.push(decided);
    if (node.conditions.length) for (const condition of node.conditions) content.push(formulaBox(condition));
    else content.push(el('div', { class: 'muted small' }, 'no condition: this step cannot fail'));
    return section('Branch taken', 'the letters and the conditions added on the edge into this node', ...content);
  }

  function renderDetails(id) {
    const box = $('details');
    box.textContent = '';
    const node = tree[id];
    if (id === 0) {
      $('details-title').textContent = 'Details · initial configuration';
      box.append(el('div', { class: 'detail-head' }, el('span', { class: 'title' }, 'Start of main'), badge('fork', '⟨S, id, true⟩')));
      box.append(el('p', { class: 'muted' }, 'Every global variable and field stands for its initial value: σ is the identity and φ is true. ',
        'Each fork below adds the condition of one branch to φ; each leaf is one path.'));
      box.append(countsLine(0));
      const stats = data.exploration.stats;
      const figures = [['leaves', String(stats.paths)], ['feasible', String(stats.feasible)],
        ['infeasible', String(stats.infeasible)], ['unknown', String(stats.unknown)], ['solver queries', String(stats.queries)],
        ['symbolic steps', String(stats.steps)]];
      // --no-timings leaves the time out of the page.
      if (typeof stats.seconds === 'number') figures.push(['time', stats.seconds.toFixed(3) + ' s']);
      box.append(section('Exploration', null, kv(figures)));
      return;
    }
    const prefix = prefixOf(id);
    if (node.path >= 0) {
      const path = paths[node.path];
      const kind = leafKind(path);
      $('details-title').textContent = 'Details · path ' + (node.path + 1);
      box.append(el('div', { class: 'detail-head' }, el('span', { class: 'title' }, 'Path ' + (node.path + 1)), badge(kind, KIND_TEXT[kind])));
      box.append(el('div', null, 'branch string ', el('code', { class: 'branches' }, path.branches || '(none)')));
      box.append(edgeSection(id));
      if (kind === 'infeasible') {
        box.append(section('Path condition', 'unsatisfiable: no input takes this branch, so it was pruned', formulaBox(path.pc, 'pc')));
        if (path.outcome) box.append(el('p', { class: 'muted' }, 'It would have ended in ' + path.outcome + '.'));
        return;
      }
      const pcTitle = data.engine === 'trace' ? 'Path condition path(ρ)' : 'Path condition φ';
      const pcHint = data.engine === 'trace' ? 'the weakest precondition of the trace (Definition 4.2), over the initial state'
        : 'over the initial values of the globals and fields';
      box.append(section(pcTitle, pcHint, formulaBox(path.pc, 'pc')));
      if (path.status_reason) box.append(el('p', { class: 'muted' }, 'solver: ' + path.status_reason));
      if (node.line > 0) box.append(el('div', { class: 'small' }, 'The path stops at ', lineLink(node.line), ': ', el('code', null, statementText(node.line))));
      const final = path.final || {};
      if (data.engine === 'trace') {
        const list = el('ol', { class: 'trace' });
        for (const item of final.trace || []) list.append(el('li', null, f(item)));
        box.append(section('Trace ρ', (final.trace || []).length + ' items: tests and assignments, each over the state at its point', list));
        if (path.agreement) box.append(section('Forward φ', 'proved equivalent to path(ρ) by the solver: ' + path.agreement,
          formulaBox(path.forward_pc || 'false')));
      } else {
        const rows = [];
        for (const [name, term] of Object.entries(final.globals || {})) rows.push([name + ' ↦', f(term)]);
        for (const [name, term] of Object.entries(final.fields || {})) rows.push([name + ' ↦', f(term)]);
        box.append(section('Final symbolic state σ', 'each global and written field as a term over the initial state', rows.length ? kv(rows) : el('div', { class: 'muted' }, 'no globals')));
      }
      if (final.bound_reason) box.append(el('p', { class: 'muted' }, 'bound: ' + final.bound_reason));
      if (path.test) {
        const json = JSON.stringify(path.test);
        box.append(section('Test input V0', 'a model of the path condition, as an input state', stateTable(path.test),
          el('details', { class: 'small' }, el('summary', null, 'as JSON'), el('code', { class: 'mono' }, json))));
      }
      box.append(section('Replay', 'the test run through the concrete system (Theorem 2.3)', verdict(path.replay)));
      return;
    }
    $('details-title').textContent = 'Details · fork';
    box.append(el('div', { class: 'detail-head' }, el('span', { class: 'title' }, 'Fork'), el('code', null, prefix ? 'after ' + prefix : 'at the start')));
    box.append(countsLine(id));
    if (node.line > 0) box.append(el('div', null, 'The program forks at ', lineLink(node.line), ': ', el('code', null, statementText(node.line))));
    box.append(edgeSection(id));
    const conditions = [];
    for (const a of ancestors(id)) for (const condition of tree[a].conditions) conditions.push(condition);
    const pcText = conditions.length ? conditions.join(' && ') : 'true';
    box.append(section(data.engine === 'trace' ? 'Tests on the way here' : 'Path condition here',
      data.engine === 'trace' ? 'each over the state at its point; path(ρ) is given at the leaves' : 'the conjunction of the conditions on the way from the root',
      formulaBox(pcText, 'pc')));
    const list = el('div');
    for (const child of children[id]) {
      const c = tree[child];
      list.append(el('div', null, el('button', { class: 'link', type: 'button', onclick: () => selectNode(child) }, c.letters || '·'), ' ',
        c.conditions.length ? f(c.conditions.join(' && ')) : '', c.path >= 0 ? el('span', null, ' ', badge(leafKind(paths[c.path]))) : ''));
    }
    box.append(section('Children', null, list));
    if (data.window_rooted[id] >= 0 && data.window_rooted[id] !== state.window)
      box.append(el('div', { class: 'actions' }, el('button', { type: 'button', onclick: () => openSubtree(id) }, 'Open this subtree ▸')));
  }

  function selectNode(id, options) {
    if (id < 0 || id >= tree.length) return;
    state.node = id;
    const visible = $('n' + id) !== null && canvas.contains($('n' + id));
    if (!(options && options.keepWindow && visible) && !visible) showWindow(windowFor(id));
    markSelection();
    const element = $('n' + id);
    if (element && !(options && options.noScroll)) element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    renderDetails(id);
    const node = tree[id];
    const marks = [];
    if (node.parent >= 0 && tree[node.parent].line > 0) marks.push([tree[node.parent].line, 'hl-branch']);
    if (node.line > 0) marks.push([node.line, 'hl-here']);
    highlightLines(marks);
    if (state.tab === 'paths') markPathRow();
    updateHash();
  }

  // ---------------------------------------------------------------------------------------------
  // Paths

  let pathsBuilt = false;
  function buildPaths() {
    const filters = $('path-filters');
    filters.textContent = '';
    filters.append(el('span', { class: 'muted small', style: 'align-self:center' }, 'show:'));
    KINDS.forEach((kind, k) => {
      if (!counts[0][k]) return;
      filters.append(el('span', { class: 'chip k-' + kind + (state.pathFilter.has(kind) ? '' : ' off'), 'data-kind': kind,
        onclick: () => toggleKind(kind) }, counts[0][k] + ' ' + kind));
    });
    filters.append(el('span', { class: 'chip k-fork', onclick: () => showAllKinds() }, 'all'));
    const body = $('paths-table').tBodies[0];
    body.textContent = '';
    const fragment = document.createDocumentFragment();
    paths.forEach((path, index) => {
      const kind = leafKind(path);
      if (!state.pathFilter.has(kind)) return;
      const branches = path.branches;
      const row = el('tr', { 'data-path': index, 'data-kind': kind, onclick: () => selectNode(path_node(index), { noScroll: false }),
        ondblclick: () => { showTab('tree'); selectNode(path_node(index)); } },
        el('td', null, String(index + 1)), el('td', { class: 'branches', title: path.branches }, branches || '(none)'),
        el('td', null, badge(kind)), el('td', { class: 'pc' }, f(path.pc, 'span')),
        el('td', { class: 'small' }, path.replay ? (path.replay === 'agrees' ? '✓ agrees' : path.replay) : ''));
      fragment.append(row);
    });
    body.append(fragment);
    pathsBuilt = true;
    markPathRow();
  }
  // The outcome filter, shared by the legend, the summary and the paths list: the first choice
  // while everything shows keeps that kind alone; later ones add or remove kinds.
  function toggleKind(kind) {
    if (state.pathFilter.size === KINDS.length) state.pathFilter = new Set([kind]);
    else if (state.pathFilter.has(kind)) state.pathFilter.delete(kind);
    else state.pathFilter.add(kind);
    if (state.pathFilter.size === 0) state.pathFilter = new Set(KINDS);
    filterChanged();
  }
  function showAllKinds() { state.pathFilter = new Set(KINDS); filterChanged(); }
  function filterChanged() {
    applyKindFilter();
    if (pathsBuilt || state.tab === 'paths') buildPaths();
  }
  // Leaves of hidden kinds are dimmed in the tree (they keep their place, so the shape stays).
  function applyKindFilter() {
    const all = state.pathFilter.size === KINDS.length;
    for (const button of document.querySelectorAll('#legend .legend-kind[data-kind]')) {
      const on = all || state.pathFilter.has(button.dataset.kind);
      button.classList.toggle('off', !on);
      button.setAttribute('aria-pressed', String(!all && on));
    }
    for (const group of canvas.querySelectorAll('g.node.leaf')) {
      const id = Number(group.id.slice(1));
      const path = tree[id] ? tree[id].path : -1;
      group.classList.toggle('filtered-out', path >= 0 && !state.pathFilter.has(leafKind(paths[path])));
    }
  }
  const nodeOfPath = new Int32Array(paths.length).fill(-1);
  tree.forEach((node, id) => { if (node.path >= 0) nodeOfPath[node.path] = id; });
  function path_node(index) { return nodeOfPath[index]; }
  function markPathRow() {
    if (state.selectedRow) state.selectedRow.classList.remove('selected');
    state.selectedRow = null;
    if (state.node < 0 || tree[state.node].path < 0) return;
    const row = document.querySelector('#paths-table tr[data-path="' + tree[state.node].path + '"]');
    if (row) { row.classList.add('selected'); state.selectedRow = row; row.scrollIntoView({ block: 'nearest' }); }
  }

  // ---------------------------------------------------------------------------------------------
  // Stepper

  function composedFor(step) {
    const map = new Map();
    for (const [name, value] of step.symbolic.composed || []) map.set(name, value);
    return map;
  }
  function renderStep() {
    if (!stepper) return;
    const steps = stepper.steps;
    const k = state.step;
    const step = steps[k], previous = k > 0 ? steps[k - 1] : null;
    $('step-slider').value = String(k);
    $('step-counter').textContent = 'step ' + k + ' / ' + (steps.length - 1);
    const body = $('stepper-body');
    body.textContent = '';
    if (k === 0) {
      body.append(el('div', { class: 'where' }, el('span', { class: 'position' }, 'initial'), 'the input V0 and the symbolic configuration ⟨S, id, true⟩'));
    } else {
      body.append(el('div', { class: 'where' }, el('span', { class: 'position' }, step.position), el('code', null, step.statement)));
      body.append(el('div', { class: 'rule-bar' },
        el('div', { class: 'rule-card' }, el('div', { class: 'side' }, 'concrete rule'), el('div', { class: 'rule' }, step.concrete_rule)),
        el('div', { class: 'rule-card' }, el('div', { class: 'side' }, 'symbolic rule'),
          el('div', { class: 'rule' }, step.symbolic_rule || '(none matches)'))));
      const added = el('div', { class: 'small' }, 'letters ', el('code', null, step.letters || '(none)'));
      if (step.added.length) { added.append(' · added to φ: '); step.added.forEach((c, i) => { if (i) added.append(' ∧ '); added.append(f(c)); }); }
      body.append(added);
      const check = (ok, text, title) => el('span', { class: 'check ' + (ok ? 'ok' : 'fail'), title }, (ok ? '✓ ' : '✗ ') + text);
      body.append(el('div', { class: 'checks' },
        check(step.checks.same_rule, 'same rule and letters', 'completeness (Theorems 2.4 and 3.6): the symbolic system can take the concrete step'),
        step.checks.same_rule ? check(step.checks.path_condition, 'V0 ⊨ φ', 'the input satisfies the path condition') : null,
        step.checks.same_rule && step.checks.path_condition ? check(step.checks.states, 'V = V0∘σ, L = V0∘τ', 'correctness (Theorems 2.3 and 3.5): the concrete state is the symbolic one under the input') : null));
      if (step.difference) body.append(el('div', { class: 'end-note verdict-bad' }, step.difference));
    }
    const composed = composedFor(step);
    const table = el('table', { class: 'sbs' });
    table.append(el('tr', null, el('th', { style: 'width:14%' }, ''), el('th', { class: 'side' }, 'concrete ⟨Γ, G, H⟩'),
      el('th', { class: 'side' }, 'symbolic ⟨Δ, σ, φ⟩'), el('th', { style: 'width:16%' }, 'V0∘σ')));
    const group = (text) => el('tr', { class: 'group' }, el('td', { colspan: 4 }, text));
    const changed = (now, before) => (before !== undefined && now !== before ? 'changed' : '');
    const previousMap = (list) => new Map((list || []).map(([n, t]) => [n, t]));
    const concreteBefore = previous ? previousMap(previous.concrete.globals) : new Map();
    const symbolicBefore = previous ? previousMap(previous.symbolic.globals) : new Map();
    if (step.concrete.globals.length) {
      table.append(group('globals  G  ·  σ'));
      const symbolic = previousMap(step.symbolic.globals);
      for (const [name, value] of step.concrete.globals) {
        const term = symbolic.get(name);
        const compose = composed.has(name) ? composed.get(name) : '';
        table.append(el('tr', null, el('td', { class: 'name' }, name), el('td', { class: changed(value, concreteBefore.get(name)) }, value),
          el('td', { class: changed(term, symbolicBefore.get(name)) }, f(term || '')),
          el('td', { class: 'composed' + (compose ? (compose === value ? ' ok' : ' mismatch') : '') }, compose)));
      }
    }
    const closures = Math.max(step.concrete.closures.length, step.symbolic.closures.length);
    for (let c = 0; c < closures; ++c) {
      const concrete = step.concrete.closures[c] || { name: '?', locals: [] };
      const symbolic = step.symbolic.closures[c] || { name: '?', locals: [] };
      table.append(group((c === 0 ? 'top closure ' : 'closure ') + concrete.name + '  L  ·  τ'));
      const terms = previousMap(symbolic.locals);
      for (const [name, value] of concrete.locals)
        table.append(el('tr', null, el('td', { class: 'name' }, name), el('td', null, value), el('td', null, f(terms.get(name) || '')), el('td', null, '')));
    }
    if (step.concrete.heap.length || step.symbolic.fields.length) {
      table.append(group('heap  H  ·  fields as arrays σ(C.f)  (§4.1)'));
      const objects = el('td', { colspan: 2 });
      for (const object of step.concrete.heap)
        objects.append(el('div', null, object.label + ': ' + object.class + ' { ' + object.fields.map(([n, v]) => n + ' = ' + v).join(', ') + ' }'));
      const fields = el('td', { colspan: 2 });
      for (const [name, term] of step.symbolic.fields) fields.append(el('div', null, name + ' ↦ ', f(term)));
      table.append(el('tr', null, el('td', { class: 'name' }, ''), objects, fields));
    }
    table.append(group('path condition  φ'));
    const phi = el('td', { colspan: 3 });
    // φ as a set of conjuncts, as the tree and explore show it: a conjunct added again (a test the
    // path passed before) is shown once, and marked as added only when it is new.
    const conjuncts = [...new Set(step.symbolic.conjuncts)];
    const known = new Set(previous ? previous.symbolic.conjuncts : step.symbolic.conjuncts);
    if (!conjuncts.length) phi.append(f('true'));
    conjuncts.forEach((c, i) => {
      const line = el('div', { class: known.has(c) ? 'conjunct' : 'conjunct added' });
      if (i) line.append(f(' && ', 'span'));
      line.append(f(c));
      phi.append(line);
    });
    table.append(el('tr', null, el('td', { class: 'name' }, 'φ'), phi));
    body.append(table);
    if (k === steps.length - 1) {
      const note = el('div', { class: 'end-note' });
      note.append('The run ends: ', badge(stepper.outcome), ' after ' + (steps.length - 1) + ' steps, branches ', el('code', null, stepper.branches || '(none)'), '. ');
      if (stepper.failure) note.append(el('span', { class: 'verdict-bad' }, '✗ the simulation failed: ' + stepper.failure));
      else if (stepper.truncated) note.append(el('span', { class: 'muted' }, 'The stepper stopped at its step limit (' + (stepper.bound_reason || '') + ').'));
      else note.append(el('span', { class: 'verdict-good' }, '✓ every step checked: the symbolic path simulates this run.'));
      body.append(note);
    }
    highlightLines(k > 0 && step.line > 0 ? [[step.line, 'hl-step']] : []);
    updateHash();
  }
  function goStep(k) {
    if (!stepper) return;
    state.step = Math.max(0, Math.min(stepper.steps.length - 1, k));
    renderStep();
  }
  function renderStepperDetails() {
    const box = $('details');
    box.textContent = '';
    $('details-title').textContent = 'Details · input';
    if (!stepper) {
      box.append(el('p', { class: 'muted' }, 'No input was given. Run ', el('code', null, 'symref report FILE --input STATE.json'),
        ' to step through the concrete and the symbolic system side by side.'));
      return;
    }
    box.append(section('Input V0', data.input_file || '', stateTable(stepper.input)));
    if (inputLeaf >= 0) {
      const path = tree[inputLeaf].path;
      box.append(section('Its path', null, el('div', null, 'This input follows ',
        el('button', { class: 'link', type: 'button', onclick: () => { showTab('tree'); selectNode(inputLeaf); } }, 'path ' + (path + 1)),
        ' (', el('code', null, paths[path].branches || '(none)'), '), drawn in amber in the tree.')));
    }
    box.append(section('What each step checks', null,
      el('p', null, 'Both systems take one transition each. ', el('b', null, 'Completeness'), ' (Theorems 2.4, 3.6): the symbolic system has a successor by the same rule with the same branch letters. ',
        el('b', null, 'Correctness'), ' (Theorems 2.3, 3.5): the input satisfies the path condition, V0 ⊨ φ, and the concrete configuration is the symbolic one under the input — V = V0∘σ for the globals and the heap, L = V0∘τ for the locals of every closure.'),
      el('p', { class: 'muted small' }, 'The column V0∘σ evaluates σ(x) in the input for int and bool globals; a changed cell is marked.')));
  }

  // ---------------------------------------------------------------------------------------------
  // Tabs, keyboard, location hash

  function showTab(tab) {
    if (tab === 'stepper' && !stepper) tab = 'tree';
    state.tab = tab;
    for (const name of ['tree', 'paths', 'stepper']) {
      $('tab-' + name).hidden = name !== tab;
      $('tab-button-' + name).setAttribute('aria-selected', String(name === tab));
    }
    if (tab === 'paths') { buildPaths(); if (state.node >= 0) renderDetails(state.node); }
    if (tab === 'tree') {
      if (state.window < 0) showWindow(0);
      if (state.node >= 0) selectNode(state.node, { keepWindow: true });
    }
    if (tab === 'stepper') { renderStepperDetails(); renderStep(); }
    updateHash();
  }
  function updateHash() {
    const parts = ['tab=' + state.tab];
    if (state.tab === 'stepper') parts.push('step=' + state.step);
    else if (state.node >= 0) parts.push('node=' + state.node);
    if (state.notation === 'code') parts.push('notation=code');
    const hash = '#' + parts.join('&');
    if (location.hash !== hash) history.replaceState(null, '', hash);
  }
  function readHash() {
    const options = {};
    for (const part of location.hash.replace(/^#/, '').split('&')) {
      const [key, value] = part.split('=');
      if (key) options[key] = decodeURIComponent(value || '');
    }
    return options;
  }

  function moveInTree(key) {
    let id = state.node < 0 ? 0 : state.node;
    if (key === 'ArrowUp') { if (tree[id].parent >= 0) selectNode(tree[id].parent); return; }
    if (key === 'ArrowDown' || key === 'Enter') {
      if (children[id].length === 0) return;
      if (data.window_rooted[id] >= 0 && data.window_rooted[id] !== state.window) { openSubtree(id); if (key === 'Enter') return; }
      if (key === 'ArrowDown') selectNode(children[id][0]);
      return;
    }
    if (key === 'ArrowLeft' || key === 'ArrowRight') {
      const parent = tree[id].parent;
      if (parent < 0) return;
      const siblings = children[parent];
      const at = siblings.indexOf(id) + (key === 'ArrowLeft' ? -1 : 1);
      if (at >= 0 && at < siblings.length) selectNode(siblings[at]);
      return;
    }
    if (key === '[' || key === ']') {
      if (!leavesInOrder.length) return;
      let rank = leafRank.has(id) ? leafRank.get(id) : -1;
      if (rank < 0) {  // a fork: its first leaf (or the one before it)
        let first = id;
        while (children[first].length) first = children[first][0];
        rank = leafRank.get(first) - (key === ']' ? 1 : 0);
      }
      rank += key === ']' ? 1 : -1;
      rank = Math.max(0, Math.min(leavesInOrder.length - 1, rank));
      selectNode(leavesInOrder[rank]);
    }
  }
  document.addEventListener('keydown', (event) => {
    if (event.altKey || event.metaKey || (event.ctrlKey && event.key !== '0')) return;
    const help = $('help');
    if (!help.hidden) { if (event.key === 'Escape' || event.key === '?') { help.hidden = true; event.preventDefault(); } return; }
    const target = event.target;
    const typing = target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA');
    if (typing && target.type !== 'range') return;
    const key = event.key;
    if (key === '?') { help.hidden = false; event.preventDefault(); return; }
    if (key === '1') { showTab('tree'); return; }
    if (key === '2') { showTab('paths'); return; }
    if (key === '3') { showTab('stepper'); return; }
    if (key === 'n') { state.notation = state.notation === 'math' ? 'code' : 'math'; refreshNotation(); updateHash(); return; }
    if (state.tab === 'stepper') {
      const moves = { ArrowRight: 1, ArrowLeft: -1, j: 1, k: -1, PageDown: 10, PageUp: -10 };
      if (key in moves) { goStep(state.step + moves[key]); event.preventDefault(); }
      else if (key === 'Home') { goStep(0); event.preventDefault(); }
      else if (key === 'End') { goStep(Infinity); event.preventDefault(); }
      return;
    }
    if (state.tab === 'paths') {
      if (key === 'ArrowDown' || key === 'ArrowUp') {
        const rows = Array.from(document.querySelectorAll('#paths-table tbody tr'));
        if (!rows.length) return;
        let at = rows.indexOf(state.selectedRow) + (key === 'ArrowDown' ? 1 : -1);
        at = Math.max(0, Math.min(rows.length - 1, at));
        selectNode(path_node(Number(rows[at].dataset.path)));
        event.preventDefault();
      } else if (key === 'Enter' && state.node >= 0) { showTab('tree'); }
      return;
    }
    if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', '[', ']'].includes(key)) { moveInTree(key); event.preventDefault(); return; }
    if (key === 'Backspace' || key === 'u') {
      if (state.window > 0) { const root = windows[state.window].root; showWindow(windowFor(root)); selectNode(root, { keepWindow: true }); }
      event.preventDefault();
      return;
    }
    if (key === '+' || key === '=') setZoom(state.zoom[state.window] * 1.2);
    else if (key === '-') setZoom(state.zoom[state.window] / 1.2);
    else if (key === '0') { event.preventDefault(); setZoom(fitZoom(), true); }
  });

  // ---------------------------------------------------------------------------------------------
  // Start

  renderHeader();
  renderSource();
  if (stepper) {
    // The leaf the input follows: the same branch string, or the bound leaf it runs past.
    let best = -1;
    paths.forEach((path, index) => {
      if (path.status === 'unsat') return;
      if (path.branches === stepper.branches) best = index;
      else if (best < 0 && path.outcome === 'bound' && stepper.branches.startsWith(path.branches)) best = index;
    });
    if (best >= 0) {
      inputLeaf = nodeOfPath[best];
      for (const id of ancestors(inputLeaf)) inputNodes.add(id);
    }
    const slider = $('step-slider');
    slider.max = String(stepper.steps.length - 1);
    slider.addEventListener('input', () => goStep(Number(slider.value)));
    $('step-first').addEventListener('click', () => goStep(0));
    $('step-previous').addEventListener('click', () => goStep(state.step - 1));
    $('step-next').addEventListener('click', () => goStep(state.step + 1));
    $('step-last').addEventListener('click', () => goStep(Infinity));
  } else {
    $('tab-button-stepper').disabled = true;
    $('tab-button-stepper').title = 'give --input STATE.json to step through a run';
  }
  for (const name of ['tree', 'paths', 'stepper']) $('tab-button-' + name).addEventListener('click', () => showTab(name));
  $('zoom-in').addEventListener('click', () => setZoom(state.zoom[state.window] * 1.2));
  $('zoom-out').addEventListener('click', () => setZoom(state.zoom[state.window] / 1.2));
  $('zoom-fit').addEventListener('click', () => setZoom(fitZoom(), true));
  $('notation').addEventListener('click', () => { state.notation = state.notation === 'math' ? 'code' : 'math'; refreshNotation(); updateHash(); });
  $('help-button').addEventListener('click', () => { $('help').hidden = false; });
  $('help').addEventListener('click', (event) => { if (event.target === $('help')) $('help').hidden = true; });

  const hash = readHash();
  if (hash.notation === 'code') state.notation = 'code';
  refreshNotation();
  showWindow(0);
  // #node=ID or #path=N (1-based, as the page numbers paths) selects a node; else the root.
  let start = hash.node !== undefined ? Number(hash.node) : 0;
  if (hash.path !== undefined && Number(hash.path) >= 1 && Number(hash.path) <= paths.length) start = nodeOfPath[Number(hash.path) - 1];
  selectNode(Number.isInteger(start) && start >= 0 && start < tree.length ? start : 0);
  if (hash.step !== undefined && stepper) state.step = Math.max(0, Math.min(stepper.steps.length - 1, Number(hash.step) || 0));
  showTab(hash.tab === 'paths' || hash.tab === 'stepper' ? hash.tab : 'tree');
  document.body.dataset.readyMs = String(Math.round(performance.now()));
  document.body.dataset.ready = 'true';
})();
