// validate.mjs FILE: validates an OpenAPI document with swagger-parser,
// which checks it against the OpenAPI 3.1 schema and resolves every $ref.
import SwaggerParser from "@apidevtools/swagger-parser";

const file = process.argv[2];
try {
  const api = await SwaggerParser.validate(file);
  console.log(`valid: OpenAPI ${api.openapi}, ${Object.keys(api.paths).length} paths`);
} catch (err) {
  console.error(String(err.message ?? err));
  process.exit(1);
}
