import { Column, is, noopDecoder, SQL } from "drizzle-orm";

/** What a column's value is read with: a column, or an `sql` expression's decoder (`mapWith`). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** One selected field as drizzle orders them on a prepared query: where it goes in the row object, and what it is. */
interface OrderedField {
  path: string[];
  field: unknown;
}

/** The parts of drizzle's prepared query (both drivers) that say how its rows are read. */
interface PreparedParts {
  execute: unknown;
  fields?: OrderedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

type RowsMapper = (rows: unknown[][]) => object[];

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  // `decoder` is internal to drizzle's SQL (what `mapWith` set); its mapResultRow reads it the same way.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  // An aliased expression or a subquery's field: drizzle's mapResultRow reads their decoders too; they
  // are rare, so such a query keeps drizzle's own mapping.
  return null;
}

/** A decoder that hands the driver's value back as it is (text, booleans, JSON the driver parsed). */
function passesThrough(decoder: Decoder): boolean {
  return (
    decoder === noopDecoder ||
    decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue ||
    decoder.mapFromDriverValue === (Column.prototype as Decoder).mapFromDriverValue
  );
}

/**
 * The row mapper of a select whose fields are all top-level (`{ a, b, c }`, no nested objects), made
 * once per query: drizzle's own `mapResultRow` decides per cell what each field is (`is()` checks up the
 * prototype chain) and walks each path with an iterator, which was an eighth of the server's CPU on a
 * fresh dashboard (issue 31, docs/PERFORMANCE.md). The mapper is written as one object literal per row
 * (`new Function` over the field names, each quoted by JSON.stringify), so every row gets the same
 * shape at once instead of a property added at a time. Same result as drizzle's: a null stays null,
 * anything else goes through the field's decoder (a timestamp's Date, a `mapWith`) unless that decoder
 * passes values through. Null when the query is not of that shape.
 */
export function compileRowMapper(fields: readonly OrderedField[]): RowsMapper | null {
  const decoders: Decoder[] = [];
  const properties: string[] = [];
  for (const [index, { path, field }] of fields.entries()) {
    const decoder = decoderOf(field);
    // Nested objects may be nulled as a whole for a left join: drizzle's mapping does that.
    if (path.length !== 1 || !decoder) return null;
    decoders.push(decoder);
    const cell = `row[${index}]`;
    const value = passesThrough(decoder)
      ? cell
      : `(${cell} === null ? null : decoders[${index}].mapFromDriverValue(${cell}))`;
    properties.push(`${JSON.stringify(path[0])}: ${value}`);
  }
  const mapRow = new Function("decoders", `return (row) => ({ ${properties.join(", ")} });`)(decoders) as (
    row: unknown[],
  ) => object;
  return (rows) => {
    const mapped = new Array<object>(rows.length);
    for (let index = 0; index < rows.length; index++) mapped[index] = mapRow(rows[index]!);
    return mapped;
  };
}

function isPreparedQuery(value: unknown): value is PreparedParts {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as PreparedParts).execute === "function" &&
    Array.isArray((value as PreparedParts).fields)
  );
}

/**
 * Gives each prepared query in `built` (the query itself, or the values of an object of them) the
 * compiled row mapper, where its shape allows; drizzle's prepared queries (postgres.js and PGlite alike)
 * map their rows with `customResultMapper` when one is set. Returns `built`.
 */
export function withCompiledRowMappers<T>(built: T): T {
  const candidates = isPreparedQuery(built)
    ? [built]
    : typeof built === "object" && built !== null
      ? Object.values(built)
      : [];
  for (const query of candidates) {
    if (!isPreparedQuery(query) || query.customResultMapper) continue;
    const mapper = compileRowMapper(query.fields!);
    if (mapper) query.customResultMapper = mapper;
  }
  return built;
}
