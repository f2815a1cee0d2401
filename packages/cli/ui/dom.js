// Every text the page shows goes through these helpers, as a Text node or an attribute value: no string is ever
// parsed as HTML, so a tool description holding markup shows the markup's characters.

/**
 * An element with attributes and children. `on<event>` attributes take a function (an event listener); `true`
 * sets an empty attribute, `false`, `null` and `undefined` leave it out; a string child becomes a Text node.
 * @param {string} tag
 * @param {Record<string, unknown>} [attributes]
 * @param {...(Node | string | number | null | undefined | false | Array<Node | string>)} children
 * @returns {HTMLElement}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), /** @type {EventListener} */ (value));
    } else if (name === 'href' && !String(value).startsWith('#')) {
      // Links lead to the page's own panels only.
    } else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

/**
 * Append children (text as Text nodes; arrays flattened; empty ones skipped).
 * @param {Node} parent
 * @param {unknown[]} children
 */
export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Replace an element's content.
 * @param {Element} element
 * @param {...unknown} children
 */
export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
}

/**
 * A link to a tool's panel.
 * @param {string} id
 * @param {string} [label]
 */
export function toolLink(id, label = id) {
  return h('a', { href: `#/tool/${encodeURIComponent(id)}`, class: 'tool-id' }, label);
}

/**
 * A table with a caption and a header row; `rows` are arrays of cells (text or nodes).
 * @param {{ caption: string, headers: string[], rows: unknown[][], className?: string }} options
 */
export function table({ caption, headers, rows, className }) {
  return h(
    'table',
    { class: className },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        headers.map((header) => h('th', { scope: 'col' }, header)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map((cells) =>
        h(
          'tr',
          {},
          cells.map((cell) => h('td', {}, cell)),
        ),
      ),
    ),
  );
}

/**
 * A value as indented JSON, in a `pre` (text only).
 * @param {unknown} value
 */
export function jsonBlock(value) {
  return h('pre', { class: 'json' }, JSON.stringify(value, null, 2));
}

/**
 * Say something in the status line (read out by screen readers).
 * @param {string} text
 */
export function announce(text) {
  const status = document.getElementById('status');
  if (status) status.textContent = text;
}
