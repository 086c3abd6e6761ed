/*
 * Starts the shop's scripts once the server's page is on screen (docs/decisions/0022): the
 * built index.html keeps its module scripts and preloads inert in <template id="dukkan-scripts">
 * (vite/scripts-after-paint.ts), and this copies them into the document after the first paint,
 * so the page's images and its first paint never wait behind its JavaScript. Without a paint
 * (a tab opened in the background) they start after half a second all the same.
 *
 * Plain ES5 on purpose: it is served as is, without the build, like payments/buttons.js.
 */
/* global window, document */
(function () {
  'use strict';

  var template = document.getElementById('dukkan-scripts');
  if (!template || !('content' in template)) return;
  var started = false;

  function start() {
    if (started) return;
    started = true;
    // Scripts copied out of a template run when they are added, as scripts added by a script.
    document.head.appendChild(document.importNode(template.content, true));
  }

  // A timer set from an animation frame runs after the frame it belongs to has been painted.
  window.requestAnimationFrame(function () {
    window.setTimeout(start, 0);
  });
  window.setTimeout(start, 500);
})();
