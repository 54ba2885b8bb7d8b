// wire.js - the protocol in the browser.
//
// The page loads proto/solo.proto at run time with protobufjs (served by
// the relay), encodes Request envelopes and POSTs them to the relay, which
// passes the bytes to solod and returns the Reply bytes.  Messages are
// plain objects in the protocol's JSON mapping with the .proto field
// names: enums as names ("SIDE_RED"), 64-bit numbers as strings.
//
// Adding a message of the protocol is one method: request("body", {...}).

/* global protobuf */

export const PROTOCOL_VERSION = 1;

// How decoded messages become plain objects.
const TO_OBJECT = { enums: String, longs: String, defaults: true,
                    oneofs: true, arrays: true };

// A reply the daemon gave as an Error body.
export class RemoteError extends Error {
  constructor(error) {
    super(`error ${error.code}${error.field ? ` (${error.field})` : ''}: ${error.message}`);
    this.code = error.code;
    this.field = error.field;
    this.detail = error.message;
  }
}

// The relay or the network failed (no answer, HTTP error).
export class TransportError extends Error {}

// protobufjs passes over what it does not know; a file a person wrote
// deserves to hear which field is wrong: unknown fields, enum names that
// are not in the contract, objects where numbers belong.
function checkNames(type, object, where) {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) {
    throw new Error(`${where}: an object is expected`);
  }
  for (const [key, value] of Object.entries(object)) {
    const field = type.fields[key];
    if (!field) throw new Error(`${where}: no field "${key}" in ${type.name}`);
    if (value === null || value === undefined) continue;
    field.resolve();
    const values = field.repeated ? value : [value];
    if (field.repeated && !Array.isArray(value)) throw new Error(`${where}.${key}: a list is expected`);
    values.forEach((v, i) => {
      const at = field.repeated ? `${where}.${key}[${i}]` : `${where}.${key}`;
      const rt = field.resolvedType;
      if (rt && rt.values) {
        if (typeof v === 'string' && !(v in rt.values)) {
          throw new Error(`${at}: unknown ${rt.name} "${v}" (one of ${Object.keys(rt.values).join(', ')})`);
        }
      } else if (rt) {
        checkNames(rt, v, at);
      } else if (typeof v === 'object') {
        throw new Error(`${at}: a ${field.type} is expected`);
      }
    });
  }
}

export class Wire {
  // Load the contract and make a connection through the relay at `base`
  // (the page's own origin by default).
  static async open(base = '') {
    const root = new protobuf.Root();
    await root.load(`${base}/proto/solo.proto`, { keepCase: true });
    return new Wire(root, base);
  }

  constructor(root, base) {
    this.root = root;
    this.base = base;
    this.Request = root.lookupType('solo.v1.Request');
    this.Reply = root.lookupType('solo.v1.Reply');
    this.nextId = Math.floor(Math.random() * 2 ** 40) + 1;
  }

  // A message type or enum of the contract by its short name.
  type(name) { return this.root.lookupType(`solo.v1.${name}`); }
  enumNames(name) { return Object.keys(this.root.lookupEnum(`solo.v1.${name}`).values); }
  fieldNames(typeName) { return this.type(typeName).fieldsArray.map((f) => f.name); }

  // A plain object as a full message object: every field present, enums
  // by name.  Throws with the protobufjs reason when it does not fit.
  normalise(typeName, object) {
    const type = this.type(typeName);
    checkNames(type, object, typeName.toLowerCase());
    const err = type.verify(type.fromObject(object));
    if (err) throw new Error(`${typeName}: ${err}`);
    return type.toObject(type.fromObject(object), TO_OBJECT);
  }

  // Send one Request with `body` in its oneof field `bodyName`.  Resolves
  // to { kind, body, id } of the reply; rejects with RemoteError for an
  // Error reply and TransportError when the relay or daemon fails.
  async request(bodyName, body) {
    if (!this.Request.fields[bodyName]) {
      throw new Error(`the protocol has no request body "${bodyName}"`);
    }
    const id = String(this.nextId++);
    const message = this.Request.fromObject({ id, [bodyName]: body });
    const bytes = this.Request.encode(message).finish();
    let response;
    try {
      response = await fetch(`${this.base}/api/request`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-protobuf' },
        body: bytes,
      });
    } catch (e) {
      throw new TransportError(`the relay does not answer: ${e.message}`);
    }
    if (!response.ok) {
      const text = (await response.text()).trim();
      throw new TransportError(text || `relay error ${response.status}`);
    }
    const data = new Uint8Array(await response.arrayBuffer());
    const reply = this.Reply.toObject(this.Reply.decode(data), TO_OBJECT);
    if (reply.id !== id) {
      throw new TransportError(`reply ${reply.id} to request ${id}`);
    }
    if (reply.body === 'error') throw new RemoteError(reply.error);
    if (!reply.body) throw new TransportError(`reply ${id} has no body`);
    return { kind: reply.body, body: reply[reply.body], id };
  }

  async hello(clientName = 'web table') {
    const r = await this.request('hello', { protocol_version: PROTOCOL_VERSION,
                                            client_name: clientName });
    return r.body;
  }

  // What does unit `unitId` do in `situation` (a Situation object)?
  // roll: the player's D6 (1..6), 0 for the daemon's; seed: a decimal
  // string or null for the daemon's.
  async askUnit(situation, unitId, roll = 0, seed = null) {
    const body = { situation, unit_id: unitId };
    if (roll) {
      body.roll = roll;
      body.has_roll = true;
    }
    if (seed !== null && seed !== '') {
      body.has_seed = true;
      body.seed = String(seed);
    }
    const r = await this.request('ask_unit', body);
    return r.body;
  }
}
