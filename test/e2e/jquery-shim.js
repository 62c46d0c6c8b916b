/*
 * Test-only stand-in for the slice of jQuery that themes and plugins use for events, injected by the harness
 * with `openPage(path, { jquery: true })` (page.addInitScript, so it exists before any page script and is not
 * subject to the page's CSP). We cannot download jQuery; this follows its event semantics where our bundle and
 * the contract depend on them:
 * - `jQuery(target).on(types, [selector], handler)` / `.off(types, [selector], [handler])`, space-separated
 *   types with `.namespace`s; handlers get `(event, ...extraArgs)`; a delegated handler runs for matches of the
 *   selector between the target and the bound element;
 * - handlers bound with `.on` also receive native events of that type (as jQuery binds with addEventListener),
 *   with no extra arguments and `event.originalEvent` set;
 * - `.trigger(type | {type}, args)` runs jQuery handlers on the element, then its ancestors, then document, then
 *   window (native listeners do NOT see a custom event); afterwards it calls a native method of that name
 *   (`click`, `submit`, `focus`…) unless a handler prevented the default, as jQuery does;
 * - `.triggerHandler(type, args)`: first element only, no bubbling, no default action; returns the last
 *   handler's return value (undefined without handlers);
 * - a handler returning `false` = preventDefault() + stopPropagation().
 * `jQuery.fn` is the prototype of every collection (so `$el instanceof jQuery` and `$el.jquery` work).
 */
(function () {
  'use strict';
  if (window.jQuery) return;

  /** element -> { [type]: [{ handler, namespaces, selector, native }] } */
  var registry = new WeakMap();
  /** The type currently being triggered through jQuery: its native re-dispatch must not run handlers twice. */
  var triggering = null;

  class ShimEvent {
    #defaultPrevented = false;
    #propagationStopped = false;
    #immediateStopped = false;

    constructor(src, props) {
      if (src instanceof Event) {
        this.originalEvent = src;
        this.type = src.type;
        this.target = src.target;
        this.detail = src.detail;
        this.key = src.key;
        this.which = src.which;
        this.relatedTarget = src.relatedTarget;
      } else if (src && typeof src === 'object') {
        Object.assign(this, src);
      } else {
        this.type = src;
      }
      if (props) Object.assign(this, props);
      this.timeStamp = Date.now();
      this.namespace = '';
      this.result = undefined;
    }

    isDefaultPrevented() {
      return this.#defaultPrevented;
    }

    isPropagationStopped() {
      return this.#propagationStopped;
    }

    isImmediatePropagationStopped() {
      return this.#immediateStopped;
    }

    preventDefault() {
      this.#defaultPrevented = true;
      if (this.originalEvent) this.originalEvent.preventDefault();
    }

    stopPropagation() {
      this.#propagationStopped = true;
      if (this.originalEvent) this.originalEvent.stopPropagation();
    }

    stopImmediatePropagation() {
      this.#immediateStopped = true;
      this.stopPropagation();
      if (this.originalEvent) this.originalEvent.stopImmediatePropagation();
    }
  }

  function parseTypes(types) {
    return String(types || '')
      .split(/\s+/)
      .filter(Boolean)
      .map(function (t) {
        var parts = t.split('.');
        return { type: parts[0], namespaces: parts.slice(1).toSorted() };
      });
  }

  function hasNamespaces(binding, namespaces) {
    for (var i = 0; i < namespaces.length; i++) if (binding.namespaces.indexOf(namespaces[i]) < 0) return false;
    return true;
  }

  function bindings(el, type, create) {
    var byType = registry.get(el);
    if (!byType) {
      if (!create) return [];
      byType = {};
      registry.set(el, byType);
    }
    if (!byType[type]) {
      if (!create) return [];
      byType[type] = [];
    }
    return byType[type];
  }

  /** Run el's jQuery handlers for a triggered event, in binding order, honouring namespaces. */
  function dispatch(el, event, args) {
    var list = bindings(el, event.type, false).slice();
    for (var i = 0; i < list.length && !event.isImmediatePropagationStopped(); i++) {
      if (hasNamespaces(list[i], event.namespaces || [])) dispatchOne(el, list[i], event, args);
    }
  }

  /** jQuery's path: the element and its ancestors, then window once the chain reached the document. */
  function propagationPath(el) {
    if (el === window) return [window];
    var path = [];
    var last = null;
    for (var node = el; node; node = node.parentNode) {
      path.push(node);
      last = node;
    }
    if (last && last.nodeType === 9) path.push(last.defaultView || window);
    return path;
  }

  function toArgs(args) {
    if (args === undefined) return [];
    return Array.isArray(args) ? args : [args];
  }

  function makeEvent(typeOrEvent, target) {
    var event;
    if (typeOrEvent instanceof ShimEvent) event = typeOrEvent;
    else if (typeOrEvent && typeof typeOrEvent === 'object') event = new ShimEvent(typeOrEvent.type, typeOrEvent);
    else event = new ShimEvent(String(typeOrEvent));
    var parsed = parseTypes(event.type)[0] || { type: event.type, namespaces: [] };
    event.type = parsed.type;
    event.namespaces = parsed.namespaces;
    event.namespace = parsed.namespaces.join('.');
    event.target = event.target || target;
    event.result = undefined;
    return event;
  }

  /** A jQuery collection: array-like, with jQuery.fn as its prototype. */
  function collection(items) {
    var c = Object.create(jQuery.fn);
    for (var i = 0; i < items.length; i++) c[i] = items[i];
    c.length = items.length;
    return c;
  }

  function jQuery(target) {
    if (target instanceof jQuery) return target;
    var items;
    if (target === undefined || target === null) items = [];
    else if (typeof target === 'string') items = Array.prototype.slice.call(document.querySelectorAll(target));
    else if (target === window || target === document || (typeof target === 'object' && target.nodeType)) items = [target];
    else if (typeof target.length === 'number') items = Array.prototype.slice.call(target);
    else items = [target];
    return collection(items);
  }

  jQuery.fn = jQuery.prototype = {
    constructor: jQuery,
    jquery: '3.7.1-test-shim',
    each: function (fn) {
      for (var i = 0; i < this.length; i++) fn.call(this[i], i, this[i]);
      return this;
    },
    get: function (i) {
      return i === undefined ? Array.prototype.slice.call(this) : this[i < 0 ? this.length + i : i];
    },
    on: function (types, selector, handler) {
      if (typeof selector === 'function') {
        handler = selector;
        selector = undefined;
      }
      if (typeof handler !== 'function') return this;
      var parsed = parseTypes(types);
      return this.each(function (_, el) {
        parsed.forEach(function (p) {
          var binding = { handler: handler, namespaces: p.namespaces, selector: selector || null, native: null };
          // jQuery listens natively too: events dispatched by the browser or by dispatchEvent reach the handler.
          binding.native = function (nativeEvent) {
            if (triggering === nativeEvent.type) return;
            var event = new ShimEvent(nativeEvent);
            event.namespaces = [];
            dispatchOne(el, binding, event);
          };
          bindings(el, p.type, true).push(binding);
          el.addEventListener(p.type, binding.native);
        });
      });
    },
    off: function (types, selector, handler) {
      if (typeof selector === 'function') {
        handler = selector;
        selector = undefined;
      }
      var parsed = parseTypes(types);
      return this.each(function (_, el) {
        var byType = registry.get(el);
        if (!byType) return;
        parsed.forEach(function (p) {
          var typesToClear = p.type ? [p.type] : Object.keys(byType);
          typesToClear.forEach(function (type) {
            var list = byType[type] || [];
            for (var i = list.length - 1; i >= 0; i--) {
              var b = list[i];
              if (handler && b.handler !== handler) continue;
              if (selector && b.selector !== selector) continue;
              if (!hasNamespaces(b, p.namespaces)) continue;
              el.removeEventListener(type, b.native);
              list.splice(i, 1);
            }
          });
        });
      });
    },
    trigger: function (typeOrEvent, args) {
      var extra = toArgs(args);
      return this.each(function (_, el) {
        var event = makeEvent(typeOrEvent, el);
        var path = propagationPath(el);
        for (var i = 0; i < path.length && !event.isPropagationStopped(); i++) dispatch(path[i], event, extra);
        if (!event.isDefaultPrevented() && el.nodeType === 1 && typeof el[event.type] === 'function' && event.type !== 'remove') {
          triggering = event.type;
          try {
            el[event.type]();
          } finally {
            triggering = null;
          }
        }
      });
    },
    triggerHandler: function (typeOrEvent, args) {
      var el = this[0];
      if (!el) return undefined;
      var event = makeEvent(typeOrEvent, el);
      dispatch(el, event, toArgs(args));
      return event.result;
    },
  };

  /** One handler: delegated handlers run only when a match of their selector lies on the event's path. */
  function dispatchOne(el, binding, event, args) {
    var current = el;
    if (binding.selector) {
      current = null;
      for (var node = event.target; node && node !== el && node.nodeType === 1; node = node.parentNode) {
        if (node.matches(binding.selector)) {
          current = node;
          break;
        }
      }
      if (!current) return;
    }
    event.currentTarget = current;
    event.delegateTarget = el;
    var ret = binding.handler.apply(current, [event].concat(args || []));
    if (ret !== undefined) {
      event.result = ret;
      if (ret === false) {
        event.preventDefault();
        event.stopPropagation();
      }
    }
  }

  jQuery.Event = ShimEvent;
  jQuery.isTestShim = true;
  window.jQuery = window.$ = jQuery;
})();
