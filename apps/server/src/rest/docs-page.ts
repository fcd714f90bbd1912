import { escapeHtml } from "@hyn/core";
import type { buildOpenApiDocument } from "./openapi";

type Doc = ReturnType<typeof buildOpenApiDocument>;

function describeSchema(schema: unknown): string {
  const s = schema as
    | { type?: string; properties?: Record<string, { type?: string | string[]; format?: string }>; required?: string[] }
    | undefined;
  if (!s?.properties) return s?.type ? escapeHtml(String(s.type)) : "";
  const required = new Set(s.required ?? []);
  return `<ul>${Object.entries(s.properties)
    .map(
      ([name, p]) =>
        `<li><code>${escapeHtml(name)}</code> ${escapeHtml([p.type, p.format].flat().filter(Boolean).join(" "))}${required.has(name) ? " <em>required</em>" : ""}</li>`,
    )
    .join("")}</ul>`;
}

/** A JSON answer's fields, or the media type of any other (a calendar file). */
function describeResponse(content: Record<string, { schema: unknown }> | undefined): string {
  if (!content) return "";
  const json = content["application/json"];
  return json
    ? describeSchema(json.schema)
    : Object.keys(content)
        .map((type) => `<code>${escapeHtml(type)}</code>`)
        .join(", ");
}

/** A readable API reference rendered on the server (the CSP allows no third-party viewer). */
export function renderDocsPage(doc: Doc): string {
  const rows = Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const o = op as {
          summary: string;
          security?: unknown[];
          requestBody?: { content: Record<string, { schema: unknown }> };
          responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
        };
        const success = Object.entries(o.responses).find(([status]) => status.startsWith("2"));
        return `<section class="op"><h3><span class="m m-${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code>${o.security ? ' <span class="pub">public</span>' : ""}</h3>
<p>${escapeHtml(o.summary)}</p>
${o.requestBody ? `<h4>Body (${escapeHtml(Object.keys(o.requestBody.content).join(" or "))})</h4>${describeSchema(Object.values(o.requestBody.content)[0]?.schema)}` : ""}
${success ? `<h4>${success[0]} response</h4>${describeResponse(success[1].content)}` : ""}</section>`;
      }),
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Help Your Neighbor</title><link rel="stylesheet" href="/api/docs.css"></head>
<body><main><h1>Help Your Neighbor API</h1><p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).</p>${rows}</main></body></html>`;
}

export const DOCS_CSS = `body{font-family:system-ui,sans-serif;color:#1d2a24;background:#faf8f3;margin:0}main{max-width:880px;margin:0 auto;padding:24px 16px}
h1{color:#173d2b}.op{background:#fff;border:1px solid #d9e2dc;border-radius:8px;padding:12px 16px;margin:12px 0}.op h3{margin:0 0 4px;font-size:1rem}
.m{display:inline-block;min-width:64px;text-align:center;border-radius:4px;padding:2px 6px;color:#fff;font-size:.8rem}.m-get{background:#1f5a94}.m-post{background:#2f6f4f}
.m-put{background:#8a5a00}.m-delete{background:#a3261c}.pub{font-size:.75rem;background:#e3f1e8;border-radius:999px;padding:2px 8px}h4{margin:8px 0 2px;font-size:.9rem}code{font-size:.95em}`;
