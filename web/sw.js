// sw.js: the playground's service worker: keeps the page's own files so it works offline once
// loaded (network first, so a new build is picked up; the cache when there is no network).
const CACHE = "grundy-playground";
const FILES = ["./", "index.html", "style.css", "app.js", "worker.js", "grundy-engine.js", "grundy-engine.wasm",
    "examples.json", "viz.js"];
self.addEventListener("install", (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES))));
self.addEventListener("fetch", (e) => {
    const url = new URL(e.request.url);
    if (url.origin !== location.origin || e.request.method !== "GET") return;
    e.respondWith(fetch(e.request).then((r) => {
        if (r.ok) {
            const copy = r.clone();
            caches.open(CACHE).then((c) => c.put(e.request, copy));
        }
        return r;
    }).catch(() => caches.match(e.request, { ignoreSearch: true })));
});
