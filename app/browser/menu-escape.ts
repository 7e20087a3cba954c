/**
 * Escape closes the phone menu (a native <details>, which has no such key of its own) and puts
 * focus back on its toggle. Public pages ship no framework, so this runs as part of the one small
 * inline script every page carries (app/root.tsx); it is serialised with `toString()` and must
 * use nothing from outside its own body.
 */
function closeMenuOnEscape(): void {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const menu = document.querySelector<HTMLDetailsElement>("details.nav-mobile[open]");
    if (!menu) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  });
}

export const MENU_ESCAPE_SCRIPT = `(${closeMenuOnEscape.toString()})();`;
