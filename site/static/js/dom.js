// Element look-ups and writes for the calculator page. Elements are
// looked up once: attribute selectors over the whole page on every
// keystroke cost more than the engine itself. The setters write only
// what changed, so that an edit restyles only its results.

const byId = {};
// $ returns the element of id, looked up once.
export function $(id) {
  if (!(id in byId)) byId[id] = document.getElementById(id);
  return byId[id];
}
// group returns, by the value of attribute name, the elements that carry
// it.
export function group(name) {
  const out = {};
  document.querySelectorAll("[" + name + "]").forEach(function (el) {
    const k = el.getAttribute(name);
    (out[k] = out[k] || []).push(el);
  });
  return out;
}
// each calls f on each of elements, which may be missing.
export function each(elements, f) { (elements || []).forEach(f); }

export function setText(el, text) {
  text = text || "";
  if (el && el.textContent !== text) el.textContent = text;
}
// setLead writes a cell's figure as its first text, leaving the band
// beside it (figures.js) in place.
export function setLead(el, text) {
  text = text || "";
  const n = el.firstChild;
  if (n && n.nodeType === Node.TEXT_NODE) {
    if (n.nodeValue !== text) n.nodeValue = text;
  } else {
    el.insertBefore(document.createTextNode(text), n);
  }
}
export function setHidden(el, hidden) {
  if (el && el.hidden !== hidden) el.hidden = hidden;
}
// setAttr sets attribute name, or removes it for "" or null.
export function setAttr(el, name, value) {
  if (value === "" || value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}
// fillList makes the list el's items the texts of items.
export function fillList(el, items) {
  el.textContent = "";
  items.forEach(function (text) {
    const li = document.createElement("li");
    li.textContent = text;
    el.appendChild(li);
  });
}
