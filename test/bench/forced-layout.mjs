/**
 * Forced layouts, told apart from the rendering pipeline's own, from a Chromium trace (the benches' shared part).
 *
 * A layout (`Layout`) or style recalculation (`UpdateLayoutTree`) on the renderer's main thread is FORCED when it
 * runs inside script: nested in a FunctionCall, EventDispatch, TimerFire, FireAnimationFrame, FireIdleCallback,
 * v8.execute, EvaluateScript or a microtask run, i.e. script read geometry or computed style after a write and
 * the engine had to bring layout up to date synchronously. Layouts outside script are the frame's own (an image
 * arriving, a transition, a class toggled by an observer callback laid out at the next frame): they cost no
 * extra pass. Each forced one is reported with the script it ran in (function name and URL:line), so a
 * regression names its culprit.
 *
 * Usage: `const trace = await startForcedLayoutTrace(browser, page, { events: ['lazybeforeunveil'] }); ...scroll...;
 * const r = await trace.stop();` (`events`: DOM event types whose dispatching tasks count as the bundle's).
 */

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'];

const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'FireIdleCallback',
  'v8.execute',
  'EvaluateScript',
  'v8.evaluateModule',
  'RunMicrotasks',
  'v8.runMicrotasks',
]);
const LAYOUT = 'Layout';
const START_MARK = 'forced-layout-trace:start';
const STOP_MARK = 'forced-layout-trace:stop';
/** A main-thread task, as the long task API sees it, and its threshold (trace times are in µs). */
const TASK_EVENTS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const LONG_TASK_US = 50_000;
const STYLE = 'UpdateLayoutTree';

/** Complete ('X') and paired begin/end ('B'/'E') events of one thread, as [start, end, event] intervals. */
function intervals(events) {
  const out = [];
  const open = [];
  for (const e of events) {
    if (e.ph === 'X') out.push({ start: e.ts, end: e.ts + (e.dur ?? 0), event: e });
    else if (e.ph === 'B') open.push(e);
    else if (e.ph === 'E') {
      for (let i = open.length - 1; i >= 0; i--) {
        if (open[i].name === e.name) {
          out.push({ start: open[i].ts, end: e.ts, event: open[i] });
          open.splice(i, 1);
          break;
        }
      }
    }
  }
  return out;
}

/** The bundle's scripts (dist/ and dist/compact/, served from the plugin folder or the fixture server). */
const BUNDLE_URL = /\/(storefront-islands\/)?dist\/|\/chunks\//;

const scriptData = (script) => script.event.args?.data ?? script.event.args?.beginData ?? {};

/**
 * The tasks that ran the bundle's code, summed up: how many, their CPU (thread time, what the throttled CPU
 * really spent: wall time on a loaded machine is mostly waiting) at the median and the worst, and the most of one
 * DOM event type (e.g. lazybeforeunveil: images unveiled) dispatched in one task.
 */
export function bundleTaskSummary(bundleTasks, eventType) {
  const cpus = bundleTasks.map((t) => t.cpu ?? 0).sort((a, b) => a - b);
  const at = (q) => (cpus.length ? cpus[Math.min(cpus.length - 1, Math.floor(q * cpus.length))] : 0);
  const perTask = bundleTasks.map((t) => t.events[eventType] ?? 0);
  const worst = bundleTasks
    .toSorted((a, b) => (b.cpu ?? 0) - (a.cpu ?? 0))
    .slice(0, 3)
    .map(
      (t) =>
        `${(t.cpu ?? 0).toFixed(1)} ms CPU (${Math.round(t.ms)} ms wall${
          Object.keys(t.events).length
            ? `; ${Object.entries(t.events)
                .map(([k, n]) => `${n} ${k}`)
                .join(', ')}`
            : ''
        })`,
    );
  return {
    tasks: cpus.length,
    cpuMedian: at(0.5),
    cpuMax: at(1),
    over50: cpus.filter((c) => c >= 50).length,
    mostPerTask: Math.max(0, ...perTask),
    withEvent: perTask.filter((n) => n > 0).length,
    worst,
  };
}

/** Where a script event came from: a readable label for the report. */
function describe(script) {
  const data = script.event.args?.data ?? script.event.args?.beginData ?? {};
  const where = data.url ? `${data.url.replace(/^.*\//, '')}:${data.lineNumber ?? '?'}` : '';
  const what = data.functionName || data.type || data.name || '';
  return [script.event.name, what, where].filter(Boolean).join(' ');
}

/** What filled a task: its events by self time (their own time, children excluded), the three largest. */
function selfTimes(all, task) {
  const inside = all.filter((i) => i !== task && !TASK_EVENTS.has(i.event.name) && task.start <= i.start && i.end <= task.end);
  const totals = new Map();
  for (const item of inside) {
    const children = inside.filter((o) => o !== item && item.start <= o.start && o.end <= item.end);
    const direct = children.filter((c) => !children.some((o) => o !== c && o.start <= c.start && c.end <= o.end));
    const self = item.end - item.start - direct.reduce((sum, c) => sum + (c.end - c.start), 0);
    const label = describe(item);
    totals.set(label, (totals.get(label) ?? 0) + self);
  }
  return [...totals]
    .filter(([, us]) => us >= 3_000)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([label, us]) => `${label} ${Math.round(us / 1000)} ms`);
}

/** Classifies the Layout / UpdateLayoutTree events of every renderer main thread in a Chrome trace. */
export function classify(traceEvents, options = {}) {
  const mainThreads = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  // Only what happened between the marks `start()` and `stop()` set in the page (a renderer's queued work from
  // before, such as a late load task, is not the scroll's).
  const marks = traceEvents.filter((e) => e.name === START_MARK || e.name === STOP_MARK);
  const from = Math.min(...marks.filter((e) => e.name === START_MARK).map((e) => e.ts));
  const to = Math.max(...marks.filter((e) => e.name === STOP_MARK).map((e) => e.ts));
  const inWindow = (e) => !Number.isFinite(from) || !Number.isFinite(to) || e.ph === 'M' || (e.ts >= from && e.ts <= to);
  const byThread = new Map();
  for (const e of traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (!mainThreads.has(key) || !inWindow(e)) continue;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(e);
  }
  const result = { layouts: 0, forcedLayouts: 0, styles: 0, forcedStyles: 0, culprits: {}, longTasks: [], bundleTasks: [] };
  for (const events of byThread.values()) {
    events.sort((a, b) => a.ts - b.ts);
    const all = intervals(events);
    const scripts = all.filter((i) => SCRIPT_EVENTS.has(i.event.name));
    const tasks = all.filter((i) => TASK_EVENTS.has(i.event.name));
    for (const task of tasks) {
      if (tasks.some((o) => o !== task && o.start <= task.start && task.end <= o.end && o.end - o.start > task.end - task.start)) continue;
      // Every task that ran the bundle's code: its CPU (thread time) and the DOM events it dispatched, by type.
      const inside = all.filter((i) => task.start <= i.start && i.end <= task.end);
      // A promise continuation (after `scheduler.yield()`) carries no script URL: a task dispatching one of the
      // watched events counts as the bundle's too.
      const dispatches = inside.some((i) => i.event.name === 'EventDispatch' && options.events?.includes(scriptData(i).type));
      if (dispatches || inside.some((i) => SCRIPT_EVENTS.has(i.event.name) && BUNDLE_URL.test(scriptData(i).url ?? ''))) {
        const dispatched = {};
        for (const i of inside)
          if (i.event.name === 'EventDispatch' && scriptData(i).type)
            dispatched[scriptData(i).type] = (dispatched[scriptData(i).type] ?? 0) + 1;
        result.bundleTasks.push({
          ms: (task.end - task.start) / 1000,
          cpu: task.event.tdur === undefined ? undefined : task.event.tdur / 1000,
          events: dispatched,
        });
      }
    }
    for (const task of tasks) {
      if (task.end - task.start <= LONG_TASK_US) continue;
      // Nested task events (the scheduler's inside the thread controller's) are the same task: the outermost counts.
      if (tasks.some((o) => o !== task && o.start <= task.start && task.end <= o.end && o.end - o.start > task.end - task.start)) continue;
      // Thread time is the CPU the renderer really spent; the rest of the wall time it waited (for the CPU throttle
      // or, on a loaded machine, for other processes).
      const cpu = task.event.tdur === undefined ? undefined : Math.round(task.event.tdur / 1000);
      result.longTasks.push({ ms: Math.round((task.end - task.start) / 1000), cpu, parts: selfTimes(all, task) });
    }
    for (const item of all) {
      const name = item.event.name;
      if (name !== LAYOUT && name !== STYLE) continue;
      const inside = scripts.filter((s) => s.start <= item.start && item.end <= s.end);
      const forced = inside.length > 0;
      if (name === LAYOUT) {
        result.layouts += 1;
        if (forced) result.forcedLayouts += 1;
      } else {
        result.styles += 1;
        if (forced) result.forcedStyles += 1;
      }
      if (forced) {
        // The innermost script with a name says most: a FunctionCall's function, else the dispatch.
        const label = `${name} in ${inside.map(describe).join(' > ')}`;
        result.culprits[label] = (result.culprits[label] ?? 0) + 1;
      }
    }
  }
  return result;
}

/** Starts a trace of `page`; `stop()` returns the classified counts. */
export async function startForcedLayoutTrace(browser, page, options = {}) {
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.evaluate((name) => performance.mark(name), START_MARK);
  return {
    async stop() {
      await page.evaluate((name) => performance.mark(name), STOP_MARK);
      const buffer = await browser.stopTracing();
      const parsed = JSON.parse(buffer.toString('utf8'));
      return classify(Array.isArray(parsed) ? parsed : parsed.traceEvents, options);
    },
  };
}

/** The culprits as printable lines, most frequent first. */
export function culpritLines(culprits, indent = '    ') {
  return Object.entries(culprits)
    .sort((a, b) => b[1] - a[1])
    .map(([label, n]) => `${indent}${n} x ${label}`);
}

/**
 * One traced long task, printed: wall time, the renderer thread's CPU time in it, and what filled it (self times).
 * A task with under 50 ms of CPU was long because the thread waited (for the CPU throttle or, on a loaded machine,
 * for other processes), not for work of the page's: those are marked.
 */
export function longTaskLine(task, indent = '    ') {
  const cpu = task.cpu === undefined ? '' : `, CPU ${task.cpu} ms${task.cpu < 50 ? ' (mostly waiting)' : ''}`;
  return `${indent}long task ${task.ms} ms${cpu}: ${task.parts.join('; ') || 'nothing over 3 ms'}`;
}
