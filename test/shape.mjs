#!/usr/bin/env node
/**
 * The code's shape, checked in CI (npm run shape): no function over 120 lines in mount/, src/ or widgets/, and no
 * file in widgets/ over 300 lines; pure rule modules (logic.ts, rules.ts) and tests aside. It prints the longest
 * functions and files either way, so a reviewer sees what is closest to the limits.
 *
 * `--report` prints the same and exits 0 (CI, while the last files past a limit are being split).
 *
 * Function lengths come from oxlint's own rule (eslint's max-lines-per-function, counted the same way), asked
 * through its JSON output; file lengths are counted here.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FUNCTION_MAX = 120;
const FILE_MAX = 300;
const SHOW = 8;
const root = new URL('..', import.meta.url).pathname;

const isTest = (file) => /\.(test|e2e)\.tsx?$/.test(file);
const isRules = (file) => /[\\/](logic|rules)\.tsx?$/.test(file);

function sources(dir) {
  const out = [];
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function functionLengths() {
  const dir = mkdtempSync(join(tmpdir(), 'shape-'));
  const config = join(dir, 'oxlintrc.json');
  // Every function of 40 lines or more is reported, so the longest can be listed even when all are within limits.
  writeFileSync(config, JSON.stringify({ plugins: [], categories: {}, rules: { 'max-lines-per-function': ['error', { max: 40 }] } }));
  let output = '';
  try {
    output = execFileSync(join(root, 'node_modules/.bin/oxlint'), ['-c', config, '-f', 'json', 'mount', 'src', 'widgets'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    // oxlint exits 1 when it reports anything: its output is still the report.
    output = error.stdout ?? '';
    if (!output) throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { diagnostics } = JSON.parse(output);
  return diagnostics
    .filter((d) => d.code === 'eslint(max-lines-per-function)' && !isTest(d.filename))
    .map((d) => {
      const lines = Number(/\((\d+)\)/.exec(d.message)?.[1]);
      const name = /function `([^`]+)`|method `([^`]+)`/.exec(d.message);
      return { where: `${d.filename}:${d.labels[0]?.span.line}`, name: name?.[1] ?? name?.[2] ?? '(anonymous)', lines };
    })
    .sort((a, b) => b.lines - a.lines);
}

function fileLengths() {
  return sources('widgets')
    .filter((f) => !isTest(f) && !isRules(f))
    .map((f) => ({ where: f, lines: readFileSync(join(root, f), 'utf8').split('\n').length - 1 }))
    .sort((a, b) => b.lines - a.lines);
}

const functions = functionLengths();
const files = fileLengths();
console.log(`Longest functions (limit ${FUNCTION_MAX} lines, tests aside):`);
for (const f of functions.slice(0, SHOW)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.where}`);
console.log(`Longest widget files (limit ${FILE_MAX} lines, logic.ts/rules.ts and tests aside):`);
for (const f of files.slice(0, SHOW)) console.log(`  ${String(f.lines).padStart(4)}  ${f.where}`);

const tooLong = functions.filter((f) => f.lines > FUNCTION_MAX);
const tooBig = files.filter((f) => f.lines > FILE_MAX);
for (const f of tooLong) console.error(`✗ ${f.where}: ${f.name} has ${f.lines} lines (limit ${FUNCTION_MAX})`);
for (const f of tooBig) console.error(`✗ ${f.where}: ${f.lines} lines (limit ${FILE_MAX})`);
if (tooLong.length || tooBig.length) process.exit(process.argv.includes('--report') ? 0 : 1);
console.log('✓ every function and widget file within its limit');
