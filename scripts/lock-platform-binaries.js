#!/usr/bin/env node
// Adds the lock entries of other platforms' optional native binaries (@swc/core-darwin-arm64, …) that npm
// leaves out when the registry it was run against does not serve them. Without those entries `npm ci` refuses
// the lock as out of sync with package.json ("Missing: … from lock file"). Each entry carries its os, cpu and
// libc, so npm skips it on every other platform without fetching it, exactly as it does for a complete lock.
// Run after any `npm install` that rewrote package-lock.json: node scripts/lock-platform-binaries.js
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const lockPath = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'wasm32'];

/** os, cpu and libc read off a binary package's name, e.g. @swc/core-linux-arm64-musl. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('arm') || parts.includes('gnueabihf') ? 'arm' : undefined);
  if (!os || !cpu) return undefined;
  const entry = { os: [os], cpu: [cpu] };
  if (os === 'linux') entry.libc = [parts.some((p) => p.startsWith('musl')) ? 'musl' : 'glibc'];
  return entry;
}

let added = 0;
for (const [location, pkg] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[base] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(range)) continue; // only exact-versioned platform binaries
    packages[hoisted] = { version: range, optional: true, ...platform };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
fs.writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
console.log(`lock-platform-binaries: ${added} entr${added === 1 ? 'y' : 'ies'} added`);
