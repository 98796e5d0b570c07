// Paths under a main page name with no such page (/insights/nonexistent/): the shell layout itself
// says "Page Not Found" there (§2); this route only puts them inside the layout.
export const Component = () => null;
