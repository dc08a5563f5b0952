import fc from 'fast-check';

/**
 * Bad requests generated from the OpenAPI document: for each operation, a plausible request (built from its
 * schemas) with one part spoiled at a time: wrong types, missing fields, huge strings, NUL and other control
 * characters, odd numbers (NaN, -0, 1e309, huge integers, negatives, fractions), bad path ids. Deterministic:
 * every choice comes from `seed`.
 */

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  additionalProperties?: JsonSchema | boolean;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `{id}` style. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

export interface BadRequest {
  method: string;
  url: string;
  /** Raw JSON text (so that `-0`, `1e309` and malformed JSON can be sent as they are). */
  payload?: string;
  label: string;
  /** A NUL sits in a part the operation declares: the schema must refuse it (TEXT_INVALID_CHARACTER). */
  nul: boolean;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
    >
  >;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** A small seeded generator (mulberry32): the same seed, the same requests, on every machine. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[], n: number): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}

const UUID = '3f1c0c2e-8a5b-4f7e-9c1d-2b6a4e8f0a11';

/** Markers replaced by raw JSON number text after stringifying (JSON.stringify cannot write these). */
const RAW: Record<string, string> = {
  '"\u0001raw:-0"': '-0',
  '"\u0001raw:1e309"': '1e309',
  '"\u0001raw:-1e309"': '-1e309',
  '"\u0001raw:2^53+1"': '9007199254740993',
  '"\u0001raw:1e400int"': `1${'0'.repeat(400)}`,
};
const raw = (name: string) => `\u0001raw:${name}`;

/** JSON text of a value that may hold raw-number markers. */
export function jsonText(value: unknown): string {
  let text = JSON.stringify(value) ?? 'null';
  for (const [marker, replacement] of Object.entries(RAW)) text = text.split(marker).join(replacement);
  return text;
}

function stringMatching(pattern: string, seed: number): string | undefined {
  try {
    return fc.sample(fc.stringMatching(new RegExp(pattern)), { seed, numRuns: 1 })[0];
  } catch {
    return undefined;
  }
}

/** A value the schema accepts, as far as a schema alone can tell (ids that exist, codes that match...). */
export function plausible(schema: JsonSchema | undefined, seed: number): unknown {
  if (!schema) return 'probe';
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice) return plausible(choice.find((s) => s.type !== 'null') ?? choice[0], seed);
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return UUID;
      if (schema.format === 'email') return 'probe@example.com';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      if (schema.format === 'date') return '2030-01-01';
      let text = (schema.pattern && stringMatching(schema.pattern, seed)) || 'probe';
      while (text.length < (schema.minLength ?? 0)) text += 'x';
      return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
    }
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? 1;
      return schema.maximum !== undefined ? Math.min(Math.max(low, 1), schema.maximum) : Math.max(low, 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => plausible(schema.items, seed));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        out[name] = plausible(property, seed);
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        out.probe = plausible(schema.additionalProperties, seed);
      }
      return out;
    }
    default:
      return 'probe';
  }
}

/** Text a person never types, or that no text field should take. */
const BAD_TEXT: unknown[] = [
  '\u0000',
  'alice\u0000',
  'a\u0000b\u0000',
  '\u0007bell',
  '\u001b[31mred',
  'x\u000bvertical-tab',
  '\u0008back',
  'x'.repeat(20_000),
  "' OR '1'='1",
  "1'; DROP TABLE members; --",
  '%00',
  '\ud800',
  '１２３',
  'NaN',
  '-0',
  '1e309',
  '-1',
  '99999999999999999999999999999999',
  '',
  '   ',
  12345,
  true,
  null,
  [],
  {},
];
const BAD_NUMBER: unknown[] = [
  raw('-0'),
  raw('1e309'),
  raw('-1e309'),
  raw('2^53+1'),
  raw('1e400int'),
  1e30,
  -1e30,
  -1,
  0.5,
  1e-300,
  2_147_483_648,
  '1',
  'NaN',
  'Infinity',
  '\u0000',
  null,
  true,
  [],
  {},
];
const BAD_BOOLEAN: unknown[] = ['true', 1, 0, null, 'yes', '\u0000', []];
const BAD_ARRAY: unknown[] = [
  'x',
  {},
  [null],
  [[[]]],
  1,
  null,
  ['\u0000'],
  Array.from({ length: 3000 }, () => 1),
];
const BAD_OBJECT: unknown[] = [
  'x',
  [],
  null,
  1,
  { '\u0000': 1 },
  { constructor: { prototype: { polluted: true } } },
];

function badValuesFor(schema: JsonSchema | undefined): unknown[] {
  const type = schema?.type ?? schema?.oneOf?.find((s) => s.type !== 'null')?.type;
  switch (type) {
    case 'integer':
    case 'number':
      return BAD_NUMBER;
    case 'boolean':
      return BAD_BOOLEAN;
    case 'array':
      return BAD_ARRAY;
    case 'object':
      return BAD_OBJECT;
    default:
      return BAD_TEXT;
  }
}

/** Path ids nobody should be able to use: not ids, too big, negative, SQL, bad escapes. */
const BAD_IDS = [
  'not-a-uuid',
  '0',
  '-1',
  '9'.repeat(40),
  '9223372036854775808',
  "1'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20members',
  '%00',
  '%E0%A4%A',
  'NaN',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  `${UUID}%27--`,
  '%20',
];

/** A query value as text: objects and arrays are sent as repeated or bracketed keys. */
function queryPart(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => queryPart(name, v)).join('&') || `${name}[]=`;
  if (value !== null && typeof value === 'object') return `${name}[a]=1`;
  const text =
    typeof value === 'string' && value.startsWith('\u0001raw:')
      ? (RAW[JSON.stringify(value)] ?? '')
      : String(value);
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    encoded = '%ED%A0%80'; // a lone surrogate: bytes that are not UTF-8
  }
  return `${encodeURIComponent(name)}=${encoded}`;
}

/**
 * The bad requests of one operation. `perField` bounds how many bad values each field gets (chosen with
 * `seed`; a NUL text is always among a text field's).
 */
export function badRequestsFor(op: Operation, seed: number, perField: number): BadRequest[] {
  const random = rng(seed);
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const pathWith = (overrides: Record<string, string>) =>
    op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (overrides[name] !== undefined) return overrides[name]!;
      const schema = pathParams.find((p) => p.name === name)?.schema;
      return encodeURIComponent(String(plausible(schema, seed)));
    });
  const requiredQuery = queryParams
    .filter((p) => p.required)
    .map((p) => queryPart(p.name, plausible(p.schema, seed)));
  const url = (path: string, query: string[] = requiredQuery) =>
    query.length ? `${path}?${query.join('&')}` : path;
  const baseBody = op.body ? plausible(op.body, seed) : undefined;
  const basePayload = baseBody === undefined ? undefined : jsonText(baseBody);
  const requests: BadRequest[] = [];
  const add = (label: string, target: string, payload = basePayload) =>
    requests.push({
      method: op.method,
      url: target,
      payload,
      label,
      nul: label !== 'unexpected body' && (target.includes('%00') || (payload ?? '').includes('\\u0000')),
    });
  const valuesFor = (schema: JsonSchema | undefined) => {
    const values = badValuesFor(schema);
    const chosen = random.pick(values, perField);
    if (values === BAD_TEXT && !chosen.includes('alice\u0000')) chosen[0] = 'alice\u0000';
    return chosen;
  };

  for (const param of pathParams) {
    // Every bad id, always: a path id goes straight to a lookup.
    for (const id of perField > 1 ? BAD_IDS : random.pick(BAD_IDS, 2)) {
      add(`path ${param.name}=${id}`, url(pathWith({ [param.name]: id })));
    }
  }
  const goodPath = pathWith({});
  for (const param of queryParams) {
    const others = requiredQuery.filter((q) => !q.startsWith(`${encodeURIComponent(param.name)}=`));
    for (const value of valuesFor(param.schema)) {
      add(
        `query ${param.name}=${jsonText(value).slice(0, 40)}`,
        url(goodPath, [...others, queryPart(param.name, value)]),
      );
    }
    if (param.required) add(`query ${param.name} missing`, url(goodPath, others));
  }
  if (op.body && baseBody !== null && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
    const target = url(goodPath);
    for (const whole of [
      '[]',
      '"x"',
      '42',
      'null',
      '{}',
      '{"a":',
      '{"__proto__":{"polluted":true}}',
      `${'['.repeat(3000)}${']'.repeat(3000)}`,
    ]) {
      add(`body ${whole.slice(0, 20)}`, target, whole);
    }
    add('body with a NUL key', target, jsonText({ ...baseBody, 'x\u0000': 1 }));
    const record = baseBody as Record<string, unknown>;
    for (const name of op.body.required ?? []) {
      const { [name]: _dropped, ...rest } = record;
      add(`body ${name} missing`, target, jsonText(rest));
    }
    for (const [name, schema] of Object.entries(op.body.properties ?? {})) {
      for (const value of valuesFor(schema)) {
        add(`body ${name}=${jsonText(value).slice(0, 40)}`, target, jsonText({ ...record, [name]: value }));
      }
      // One level down: the fields of a nested object, and an array's first item.
      const nested = schema.type === 'array' ? schema.items : schema;
      if (nested?.type === 'object' && nested.properties) {
        for (const [inner, innerSchema] of Object.entries(nested.properties)) {
          for (const value of random.pick(badValuesFor(innerSchema), Math.max(1, Math.floor(perField / 2)))) {
            const item = { ...(plausible(nested, seed) as Record<string, unknown>), [inner]: value };
            add(
              `body ${name}.${inner}=${jsonText(value).slice(0, 30)}`,
              target,
              jsonText({ ...record, [name]: schema.type === 'array' ? [item] : item }),
            );
          }
        }
      }
    }
  } else if (op.body) {
    add('body wrong type', url(goodPath), '"x"');
  } else if (op.method !== 'GET' && op.method !== 'DELETE') {
    // No body expected: one sent anyway, holding a NUL.
    add('unexpected body', url(goodPath), jsonText({ x: '\u0000' }));
  }
  return requests;
}
