// Writes src/lib/api/limits.ts from the API contract (../api/openapi.json): for every request body, the
// maxLength of each text field. The forms take their limits from there, so the client and the server
// cannot disagree (issue #33). Run by `npm run gen:api` (make generate); never edit its output.
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const [input = resolve(here, '../../api/openapi.json'), output = resolve(here, '../src/lib/api/limits.ts')] = process.argv.slice(2)
const contract = JSON.parse(readFileSync(input, 'utf8'))
const schemas = contract.components?.schemas ?? {}
// The bodies that requests send, by the name of their schema.
const bodies = new Set()
for (const item of Object.values(contract.paths ?? {})) {
  for (const op of Object.values(item)) {
    const ref = op?.requestBody?.content?.['application/json']?.schema?.$ref
    if (typeof ref === 'string') bodies.add(ref.split('/').pop())
  }
}

let out = `// Generated from api/openapi.json by scripts/gen-limits.mjs (make generate): do not edit.
// The maxLength of each text field of each request body of the API, one constant per body.
`
for (const name of Object.keys(schemas).sort()) {
  if (!bodies.has(name)) continue
  const props = schemas[name].properties ?? {}
  const fields = Object.keys(props)
    .sort()
    .filter((p) => typeof props[p].maxLength === 'number')
  if (fields.length === 0) continue
  out += `\nexport const ${name} = {\n`
  for (const p of fields) out += `  ${/^[A-Za-z_$][\w$]*$/.test(p) ? p : `'${p}'`}: ${String(props[p].maxLength)},\n`
  out += '} as const\n'
}
// The text parameters of the query of each operation, by its operation id.
const operations = []
for (const item of Object.values(contract.paths ?? {})) {
  for (const op of Object.values(item)) {
    const params = (op?.parameters ?? []).filter((p) => p.in === 'query' && typeof p.schema?.maxLength === 'number')
    if (typeof op?.operationId === 'string' && params.length > 0) operations.push([op.operationId, params])
  }
}
operations.sort(([a], [b]) => (a < b ? -1 : 1))
for (const [id, params] of operations) {
  out += `\nexport const ${id}Query = {\n`
  for (const p of [...params].sort((a, b) => (a.name < b.name ? -1 : 1))) out += `  ${p.name}: ${String(p.schema.maxLength)},\n`
  out += '} as const\n'
}
writeFileSync(output, out)
