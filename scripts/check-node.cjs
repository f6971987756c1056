// Stops npm start / npm test / the set-up commands on an unsupported Node.js with one clear line.
// Plain ES5-era CommonJS on purpose: it must run, and say why, on the old versions it refuses.
'use strict';
var fs = require('fs');
var path = require('path');

var range = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).engines
  .node;

function parse(v) {
  return v.replace(/^v/, '').split('.').map(Number);
}
function compare(a, b) {
  for (var i = 0; i < 3; i++) if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) - (b[i] || 0);
  return 0;
}
// The forms package.json uses: `^X.Y.Z` (same major, at least X.Y.Z) and `>=X.Y.Z`, joined by ||.
function satisfies(version, part) {
  var m = /^\s*(\^|>=)\s*v?([\d.]+)\s*$/.exec(part);
  if (!m) throw new Error('check-node: cannot read the engines range part "' + part + '"');
  var want = parse(m[2]);
  if (m[1] === '>=') return compare(version, want) >= 0;
  return version[0] === want[0] && compare(version, want) >= 0;
}

var current = parse(process.versions.node);
var ok = range.split('||').some(function (part) {
  return satisfies(current, part);
});
if (!ok) {
  console.error(
    'Safarnama needs Node.js ' +
      range
        .split('||')
        .map(function (part) {
          return part.replace(/[\s^>=]/g, '') + '+';
        })
        .join(', ') +
      ' (24 LTS recommended); this is Node.js ' +
      process.versions.node +
      '. Install a supported version (see .nvmrc) and run the command again.',
  );
  process.exit(1);
}
