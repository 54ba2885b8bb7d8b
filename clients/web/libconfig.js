// libconfig.js - read the text of a libconfig file (a scenario or a
// situation file) into plain objects, for the table and terrain of a
// battle replay: groups become objects, arrays and lists become arrays.
//
// The daemon is the authority on what a file means; the page reads only
// the table's size and its terrain from it (the units come from the
// daemon, see battle.js).  @include is not followed.

// Parse `text`; throws an Error naming the line of the first mistake.
export function parseLibconfig(text) {
  let i = 0;
  let line = 1;
  const fail = (what) => { throw new Error(`line ${line}: ${what}`); };

  function skip() {
    for (;;) {
      const c = text[i];
      if (c === '\n') { line++; i++; } else if (c === ' ' || c === '\t' || c === '\r') {
        i++;
      } else if (c === '#' || (c === '/' && text[i + 1] === '/')) {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        if (end < 0) fail('a comment that does not end');
        for (let k = i; k < end; k++) if (text[k] === '\n') line++;
        i = end + 2;
      } else if (c === '@') {
        while (i < text.length && text[i] !== '\n') i++;   // @include: not followed
      } else {
        return;
      }
    }
  }

  function name() {
    const m = /^[A-Za-z*][-A-Za-z0-9_*]*/.exec(text.slice(i, i + 256));
    if (!m) fail('a setting name is expected');
    i += m[0].length;
    return m[0];
  }

  function string() {
    let out = '';
    while (text[i] === '"') {
      i++;
      while (text[i] !== '"') {
        if (i >= text.length || text[i] === '\n') fail('a string that does not end');
        if (text[i] === '\\') {
          const e = text[i + 1];
          out += { n: '\n', t: '\t', r: '\r', f: '\f', '\\': '\\', '"': '"' }[e] ?? e;
          i += 2;
        } else {
          out += text[i++];
        }
      }
      i++;
      skip();   // adjacent strings are joined
    }
    return out;
  }

  function value() {
    skip();
    const c = text[i];
    if (c === '{') {
      i++;
      const group = settings('}');
      i++;
      return group;
    }
    if (c === '[' || c === '(') {
      const close = c === '[' ? ']' : ')';
      i++;
      const list = [];
      skip();
      while (text[i] !== close) {
        list.push(value());
        skip();
        if (text[i] === ',') { i++; skip(); } else if (text[i] !== close) fail(`"${close}" or "," is expected`);
      }
      i++;
      return list;
    }
    if (c === '"') return string();
    const m = /^(true|false|[-+]?(0[xX][0-9a-fA-F]+|[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?)L{0,2})/i
      .exec(text.slice(i, i + 64));
    if (!m) fail('a value is expected');
    i += m[0].length;
    const word = m[0].toLowerCase();
    if (word === 'true' || word === 'false') return word === 'true';
    return Number(word.replace(/l+$/, ''));
  }

  function settings(close) {
    const group = {};
    for (;;) {
      skip();
      if (i >= text.length) {
        if (close) fail(`"${close}" is expected`);
        return group;
      }
      if (text[i] === close) return group;
      const key = name();
      skip();
      if (text[i] !== '=' && text[i] !== ':') fail(`"=" is expected after ${key}`);
      i++;
      group[key] = value();
      skip();
      if (text[i] === ';' || text[i] === ',') i++;
    }
  }

  return settings(null);
}

const KINDS = ['woods', 'town', 'rough', 'gentle_hill', 'steep_hill', 'stream', 'river', 'road',
               'fortification', 'low_barrier'];

// The table and terrain of a scenario or situation file's text, as the
// protocol's Situation fields: { table_width, table_depth, terrain }.
// Throws when the file has no table.
export function tableOfFile(text) {
  const file = parseLibconfig(text);
  const table = file.table || {};
  if (!(table.width > 0 && table.depth > 0)) throw new Error('the file has no table = { width; depth; }');
  const terrain = (file.terrain || []).map((t, n) => {
    const kind = String(t.kind || '').toLowerCase().replace(/ /g, '_');
    if (!KINDS.includes(kind)) throw new Error(`terrain[${n}]: unknown kind "${t.kind}"`);
    return {
      id: t.id || `terrain-${n + 1}`,
      kind: `TERRAIN_${kind.toUpperCase()}`,
      cover: t.cover ? `COVER_${String(t.cover).toUpperCase()}` : 'COVER_DEFAULT',
      polygon: (t.polygon || []).map(([x, y]) => ({ x, y })),
    };
  });
  return { table_width: table.width, table_depth: table.depth, terrain };
}
