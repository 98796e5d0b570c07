/** A simple, legible SVG mark for a sample company: its initials on its colour. */
export const renderDemoLogo = (name: string, color: string) => {
  const initials = name
    .split(/[\s&]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escaped}">` +
      `<rect width="64" height="64" rx="14" fill="${color}"/>` +
      `<text x="32" y="41" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text>` +
      `</svg>`,
  );
};
