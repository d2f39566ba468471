/**
 * URL slugs for catalogue names, following the spec's navigation rules: '&' becomes 'and' and
 * accented letters lose their accents ('Día de Muertos' -> 'dia-de-muertos').
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
