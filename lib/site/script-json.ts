/** JSON safe inside an inline `<script>`: `<` escaped, so no `</script>` or `<!--` in a value can close it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
