// InferCost service worker: a repeat visit, and a visit without a network
// (a customer meeting), opens at once. gen publishes it at the site's base
// after the manifest of its build (var manifest, gen/publish/offline.go); app.js
// registers it once a calculator has loaded.
//
// Assets (the engine, data files, scripts, styles) carry their content
// hash in their URL, so one URL is one content: they come from the cache
// first, and a response is cached only if its bytes have the hash. Pages
// come from the network first, and from the cache without one; a page
// and the engine it names are then of one build, so a new deploy's page
// never runs an old engine. Each build has its cache; a new build's
// worker takes over at once and keeps what its build still publishes
// (an older data edition a link pinned), refetches the pages a reader
// had, and deletes the older caches.
(function () {
  "use strict";
  var prefix = "infercost-";
  var cacheName = prefix + manifest.build;
  var assetsPath = new URL(self.registration.scope).pathname + "assets/";

  // verified returns res if its body has the content hash of url in the
  // manifest, as a new response (the body is read); it rejects otherwise.
  function verified(url, res) {
    if (!res.ok) return Promise.reject(new Error(url + ": HTTP " + res.status));
    return res.arrayBuffer().then(function (body) {
      return crypto.subtle.digest("SHA-256", body).then(function (sum) {
        var hex = Array.prototype.map.call(new Uint8Array(sum, 0, 6), function (b) {
          return (b < 16 ? "0" : "") + b.toString(16);
        }).join("");
        if (hex !== manifest.assets[url]) throw new Error(url + ": content is not of this build");
        return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
      });
    });
  }

  // olderCaches lists the caches of earlier builds.
  function olderCaches() {
    return caches.keys().then(function (names) {
      return names.filter(function (n) { return n.indexOf(prefix) === 0 && n !== cacheName; });
    });
  }

  // carryOver copies into cache what earlier builds' caches hold of this
  // build's assets (same URL, same bytes), and returns the pages they
  // hold, to fetch again: an old page names an old build's assets.
  // Their other assets are gone with their cache.
  function carryOver(cache) {
    var pages = [];
    return olderCaches().then(function (names) {
      return Promise.all(names.map(function (n) {
        return caches.open(n).then(function (old) {
          return old.keys().then(function (reqs) {
            return Promise.all(reqs.map(function (req) {
              var url = new URL(req.url);
              var key = url.pathname + url.search;
              if (!manifest.assets[key]) {
                if (key.indexOf(assetsPath) !== 0) pages.push(key);
                return null;
              }
              return old.match(req).then(function (res) { return res && cache.put(key, res); });
            }));
          });
        });
      }));
    }).then(function () { return pages; });
  }

  self.addEventListener("install", function (e) {
    self.skipWaiting();
    e.waitUntil(caches.open(cacheName).then(function (cache) {
      return carryOver(cache).then(function (visited) {
        var assets = Promise.all(manifest.precache.map(function (url) {
          return cache.match(url).then(function (hit) {
            return hit || fetch(url).then(function (res) { return verified(url, res); }).then(function (res) {
              return cache.put(url, res);
            });
          });
        }));
        // The pages of this build, fresh from the network: without them
        // the install fails, and the earlier worker stays.
        var pages = Promise.all(Object.keys(manifest.pages).map(function (url) {
          return cache.add(new Request(url, { cache: "no-cache" }));
        }));
        // Pages visited before, if they are still there.
        var again = Promise.all(visited.filter(function (url) {
          return !manifest.pages[url];
        }).map(function (url) {
          return cache.add(new Request(url, { cache: "no-cache" })).catch(function () {});
        }));
        return Promise.all([assets, pages, again]);
      });
    }));
  });

  self.addEventListener("activate", function (e) {
    e.waitUntil(olderCaches().then(function (names) {
      return Promise.all(names.map(function (n) { return caches.delete(n); }));
    }).then(function () {
      // The page's request starts while the worker starts.
      return self.registration.navigationPreload && self.registration.navigationPreload.enable();
    }).then(function () { return self.clients.claim(); }));
  });

  // asset answers from the cache, else from the network, caching what has
  // the right hash.
  function asset(req, key) {
    return caches.open(cacheName).then(function (cache) {
      return cache.match(key).then(function (hit) {
        return hit || fetch(req).then(function (res) {
          return verified(key, res.clone()).then(function (ok) {
            return cache.put(key, ok).then(function () { return res; });
          }, function () { return res; });
        });
      });
    });
  }

  // page answers from the network, else from the cache. A page requested
  // without a query is cached: with one, a server that renders the link's
  // scenario (the edge worker) may have answered, and the cached page
  // must be the plain one its query is applied to (app.js).
  function page(e, url) {
    var key = url.pathname;
    return Promise.resolve(e.preloadResponse).then(function (pre) {
      return pre || fetch(e.request);
    }).then(function (res) {
      if (res.status === 200 && res.type === "basic" && !url.search) {
        var copy = res.clone();
        e.waitUntil(caches.open(cacheName).then(function (cache) { return cache.put(key, copy); }));
      }
      return res;
    }, function (err) {
      return caches.open(cacheName).then(function (cache) { return cache.match(key); }).then(function (hit) {
        if (hit) return hit;
        throw err;
      });
    });
  }

  self.addEventListener("fetch", function (e) {
    var req = e.request;
    if (req.method !== "GET") return;
    var url = new URL(req.url);
    if (url.origin !== location.origin) return;
    var key = url.pathname + url.search;
    if (manifest.assets[key]) e.respondWith(asset(req, key));
    else if (req.mode === "navigate") e.respondWith(page(e, url));
  });
})();
