import type { Page } from 'playwright-core';

/**
 * Resolves once nothing on the page moves: no style or class change for three animation frames in a row, and
 * no finite CSS animation or transition running. antd-mobile's popups and dialogs slide and fade by writing
 * inline styles on every frame (react-spring), which the Web Animations API does not see, hence both checks.
 * This is the positive signal that a sheet or dialog is in place for a picture, instead of a guessed pause.
 * Endless animations (a spinner) are left out; the test's own timeout bounds a page that never rests.
 */
export async function atRest(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let quietFrames = 0;
        const observer = new MutationObserver(() => {
          quietFrames = 0;
        });
        observer.observe(document.body, {
          attributes: true,
          attributeFilter: ['style', 'class'],
          subtree: true,
        });
        const frame = () => {
          const running = document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
          quietFrames = running ? 0 : quietFrames + 1;
          if (quietFrames >= 3) {
            observer.disconnect();
            resolve();
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
}
