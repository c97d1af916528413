/**
 * Runs a layout-changing reaction to a blur only after the press that caused
 * it has become a click. A message that appears on blur moves what is below
 * it; shown between the mouse's press and release, it moves the very control
 * the user is clicking, and the click is lost. Keyboard blurs run at once.
 */
let pressed = false;
let listening = false;

function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', () => (pressed = true), true);
  const release = () => (pressed = false);
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}
listen();

export function afterPointerRelease(reaction: () => void): void {
  if (!pressed) {
    reaction();
    return;
  }
  const run = () => {
    document.removeEventListener('pointerup', run, true);
    document.removeEventListener('pointercancel', run, true);
    // The click follows the release in the same task: react in the next one.
    setTimeout(reaction, 0);
  };
  document.addEventListener('pointerup', run, true);
  document.addEventListener('pointercancel', run, true);
}
