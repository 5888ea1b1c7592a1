import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas (OpenAPI 3.1) of the API document: every value
 * generated is one the schema accepts, so a server that refuses it as malformed disagrees with
 * its own document. Lengths and counts are capped for generation only (a run stays fast; the
 * bounds themselves are the unit tests' concern).
 */

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  items?: SchemaObject;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: SchemaObject | boolean;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  readOnly?: boolean;
  default?: unknown;
  description?: string;
}

/** What a `format: binary` value (a file of a multipart body) is generated as, until it is sent. */
export const BINARY_FILE = '\u{1F4CE} a file';

export interface ArbitraryOptions {
  /** The document's components.schemas, which `$ref`s name. */
  schemas: Record<string, SchemaObject>;
  /** The longest string generated (a schema's own maxLength when smaller). */
  maxStringLength?: number;
  /** The most items of an array generated (a schema's own maxItems when smaller). */
  maxItems?: number;
  /** The characters of a string without a pattern or a format. */
  text?: (constraints: { minLength: number; maxLength: number }) => fc.Arbitrary<string>;
  /**
   * Values a property by this name may also take besides the generated ones: the ids of
   * records that exist, so a create can succeed and its links be followed. Each must match the
   * property's schema (the generated value is checked against the schema as a whole).
   */
  known?: (property: string) => readonly unknown[] | undefined;
  /** An arbitrary to use in place of the generated one for a property by this name. */
  property?: (property: string, schema: SchemaObject) => fc.Arbitrary<unknown> | undefined;
  /** How often an optional property is left out, 0…1. */
  omitOptional?: number;
}

const REF_PREFIX = '#/components/schemas/';

/** The schema a `$ref` names (and the one it names, and so on). */
export function resolveSchema(schema: SchemaObject, schemas: Record<string, SchemaObject>): SchemaObject {
  let current = schema;
  for (let hops = 0; current.$ref; hops++) {
    if (hops > 20 || !current.$ref.startsWith(REF_PREFIX)) throw new Error(`Cannot resolve ${current.$ref}`);
    const target = schemas[current.$ref.slice(REF_PREFIX.length)];
    if (!target) throw new Error(`No schema ${current.$ref}`);
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** allOf folded into one schema: properties merged, required joined, the other keywords the last one's. */
function mergeAll(schema: SchemaObject, schemas: Record<string, SchemaObject>): SchemaObject {
  const resolved = resolveSchema(schema, schemas);
  if (!resolved.allOf) return resolved;
  const { allOf, ...own } = resolved;
  const merged: SchemaObject = { ...own, properties: { ...own.properties }, required: [...(own.required ?? [])] };
  for (const part of allOf.map((s) => mergeAll(s, schemas))) {
    const { properties = {}, required = [], ...rest } = part;
    Object.assign(merged, rest);
    Object.assign(merged.properties!, properties);
    merged.required = [...new Set([...merged.required!, ...required])];
  }
  return merged;
}

const typesOf = (schema: SchemaObject): string[] => {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties || schema.additionalProperties !== undefined) return ['object'];
  if (schema.items) return ['array'];
  return ['string', 'integer', 'boolean', 'null', 'object'];
};

/** A date-time as RFC 3339 writes it (what `format: date-time` means): with or without fractions, any offset. */
const dateTime = () =>
  fc
    .tuple(
      fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
      fc.constantFrom('Z', '+00:00', '+09:00', '-05:30'),
      fc.boolean(),
    )
    .map(([date, offset, fractions]) => {
      const minutes =
        offset === 'Z' ? 0 : (offset[0] === '-' ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4)));
      const local = new Date(date.getTime() + minutes * 60_000).toISOString().replace('Z', '');
      return `${fractions ? local : local.slice(0, 19)}${offset}`;
    });

class Generator {
  private readonly cap: number;
  private readonly maxItems: number;
  private readonly text: NonNullable<ArbitraryOptions['text']>;

  constructor(private readonly options: ArbitraryOptions) {
    this.cap = options.maxStringLength ?? 40;
    this.maxItems = options.maxItems ?? 4;
    this.text = options.text ?? ((c) => fc.string(c));
  }

  of(schema: SchemaObject, depth = 0): fc.Arbitrary<unknown> {
    if (depth > 12) throw new Error('The schema nests too deep to generate (a cycle?)');
    const merged = mergeAll(schema, this.options.schemas);
    if (merged.const !== undefined) return fc.constant(merged.const);
    if (merged.enum) return fc.constantFrom(...merged.enum);
    const branches = merged.oneOf ?? merged.anyOf;
    if (branches) {
      const { oneOf: _one, anyOf: _any, ...base } = merged;
      // A branch that only adds `required` (a form's `image` or `inputRunId`) takes the base's properties.
      return fc.oneof(...branches.map((branch) => this.of({ ...base, ...this.withBase(base, branch) }, depth + 1)));
    }
    const arbitraries = typesOf(merged).map((type) => this.ofType(type, merged, depth));
    return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
  }

  private withBase(base: SchemaObject, branch: SchemaObject): SchemaObject {
    const resolved = mergeAll(branch, this.options.schemas);
    return {
      ...resolved,
      properties: { ...base.properties, ...resolved.properties },
      required: [...new Set([...(base.required ?? []), ...(resolved.required ?? [])])],
    };
  }

  private ofType(type: string, schema: SchemaObject, depth: number): fc.Arbitrary<unknown> {
    switch (type) {
      case 'string':
        return this.string(schema);
      case 'integer':
        return this.integer(schema);
      case 'number':
        return this.number(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return this.array(schema, depth);
      case 'object':
        return this.object(schema, depth);
      default:
        throw new Error(`No arbitrary for type ${type}`);
    }
  }

  private string(schema: SchemaObject): fc.Arbitrary<string> {
    const minLength = schema.minLength ?? 0;
    const maxLength = Math.min(schema.maxLength ?? this.cap, Math.max(this.cap, minLength));
    const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern, 'u'), { maxLength }).filter(fits);
    switch (schema.format) {
      case 'binary':
        return fc.constant(BINARY_FILE);
      case 'uuid':
        // RFC 9562's versions 1–8 with its variant: what every reader of a uuid takes.
        return fc.uuid();
      case 'date-time':
        return dateTime().filter(fits);
      case 'email':
        return fc.emailAddress().filter(fits);
      case 'uri':
        return fc.webUrl().filter(fits);
      default:
        return this.text({ minLength, maxLength });
    }
  }

  private integer(schema: SchemaObject): fc.Arbitrary<number> {
    const min = schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : schema.minimum;
    const max = schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.maximum;
    return fc.integer({
      min: min !== undefined ? Math.ceil(min) : -(2 ** 31),
      max: max !== undefined ? Math.floor(max) : 2 ** 31 - 1,
    });
  }

  private number(schema: SchemaObject): fc.Arbitrary<number> {
    return fc.double({
      min: schema.exclusiveMinimum ?? schema.minimum ?? -1e9,
      max: schema.exclusiveMaximum ?? schema.maximum ?? 1e9,
      minExcluded: schema.exclusiveMinimum !== undefined,
      maxExcluded: schema.exclusiveMaximum !== undefined,
      noNaN: true,
      noDefaultInfinity: true,
    });
  }

  private array(schema: SchemaObject, depth: number): fc.Arbitrary<unknown[]> {
    const items = this.of(schema.items ?? {}, depth + 1);
    const minLength = schema.minItems ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? this.maxItems, this.maxItems));
    return schema.uniqueItems
      ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
      : fc.array(items, { minLength, maxLength });
  }

  private object(schema: SchemaObject, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const required = new Set(schema.required ?? []);
    const entries = Object.entries(schema.properties ?? {}).filter(([name, s]) => required.has(name) || !s.readOnly);
    const omit = this.options.omitOptional ?? 0.3;
    const fields = entries.map(([name, propertySchema]) => {
      const generated = this.options.property?.(name, propertySchema) ?? this.of(propertySchema, depth + 1);
      const known = this.options.known?.(name);
      const value = known?.length ? fc.oneof(generated, fc.constantFrom(...known)) : generated;
      if (required.has(name)) return value.map((v) => [name, v] as const);
      return fc
        .option(value, { freq: Math.round(1 / Math.max(omit, 0.01)), nil: undefined })
        .map((v) => [name, v] as const);
    });
    // A required property the schema does not describe (allowed unless additionalProperties is false).
    for (const name of required) {
      if (!schema.properties?.[name]) fields.push(this.of({}, depth + 1).map((v) => [name, v] as const));
    }
    const extra =
      schema.additionalProperties === false
        ? fc.constant({})
        : fc.dictionary(
            fc.constantFrom('note', 'extra', 'x-client'),
            this.of(
              typeof schema.additionalProperties === 'object' ? schema.additionalProperties : { type: 'string' },
              depth + 1,
            ),
            { maxKeys: 1 },
          );
    return fc.tuple(fc.tuple(...fields), extra).map(([pairs, more]) => {
      const object: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(more)) if (!schema.properties?.[name]) object[name] = value;
      for (const [name, value] of pairs) if (value !== undefined) object[name] = value;
      return object;
    });
  }
}

/**
 * An arbitrary of values of `schema`, each checked against the schema as a whole (what a
 * `oneOf` or a pattern beside a format asks is not always met by construction).
 */
export function schemaArbitrary(schema: SchemaObject, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const validate = schemaValidator(schema, options.schemas);
  return new Generator(options).of(schema).filter((value) => validate(value));
}

/**
 * The formats as JSON Schema defines them (RFC 4122's uuid syntax, RFC 5321's mailbox, RFC 3339's
 * date-time), for telling whether a value is valid by the document itself.
 */
const FORMATS: Record<string, RegExp | ((value: string) => boolean)> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email:
    /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/,
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/,
  uri: (value) => URL.canParse(value),
  binary: () => true,
};

const plain = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const withFormats = new Ajv2020({ strict: false, allErrors: true, formats: FORMATS });
const validators = { plain: new WeakMap<object, ValidateFunction>(), formats: new WeakMap<object, ValidateFunction>() };
/** The id each set of components is added to both validators under, once. */
const componentIds = new WeakMap<object, string>();
let documents = 0;

/** `schema` with its `#/components/…` references made to point into the components added as `id`. */
const pointedAt = (schema: unknown, id: string): unknown => {
  if (Array.isArray(schema)) return schema.map((s) => pointedAt(s, id));
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${id}${v}` : pointedAt(v, id),
    ]),
  );
};

/**
 * A validator of `schema`, whose `$ref`s resolve against `schemas`. Formats are left to the
 * generators (which meet them by construction) unless `formats` asks for them too. The
 * components are added once, not compiled into every schema (which is several times slower).
 */
export function schemaValidator(
  schema: SchemaObject,
  schemas: Record<string, SchemaObject>,
  { formats = false } = {},
): ValidateFunction {
  let id = componentIds.get(schemas);
  if (!id) {
    id = `document-${++documents}`;
    for (const ajv of [plain, withFormats]) ajv.addSchema({ $id: id, components: { schemas } });
    componentIds.set(schemas, id);
  }
  const cache = formats ? validators.formats : validators.plain;
  let validate = cache.get(schema);
  if (!validate) {
    validate = (formats ? withFormats : plain).compile(pointedAt(schema, id) as object);
    cache.set(schema, validate);
  }
  return validate;
}
