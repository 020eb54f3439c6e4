/** Whether a request body holds an image part anywhere: OpenAI's `{type:'image_url'}` or Anthropic's `{type:'image'}`. */
export function hasImagePart(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasImagePart);
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'image_url' || type === 'image' || Object.values(value).some(hasImagePart);
}
