vcl 4.1;
# Varnish in front of the render servers (docs/operating/production.md, "Varnish or a CDN in front").
# - Pages are kept as long as the render server's Cache-Control says (s-maxage), and dropped by tag:
#   the render server tags each page (Surrogate-Key) and, on every change the CMS reports, POSTs
#   the dropped tags to /_varnish/purge with the header Xkey-Purge (BLOG_PURGE_URL points here).
#   Tags of the parts every page shares come in Xkey-Softpurge: their pages are kept, answered
#   from grace while they are fetched again, so a publish does not send every page to the backend.
# - While the render servers are down, kept pages are served stale for up to a day (grace).
# - Previews, and any request carrying a preview's cookies, pass straight through.
# - While a section's canary runs, pages are kept by side: before looking a page up, the side of
#   the visitor (their canary cookies, else a draw made here) is looked up at the render server's
#   /_canary/side, itself kept for a second; the page is then looked up under that side, and a
#   visitor new to a canary is given its cookie here, never by a kept page.
# The backends are in backend.vcl, beside this file or on vcl_path: `npm start` and the tests write
# one for their render server; a deployment writes its own (one `backend`, or a director).

import cookie;
import header;
import std;
import xkey;

# Whether a render server is up: /healthz answers 200 while it serves.
probe render_server_health {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    # Up from the start: a render server is started before its Varnish.
    .initial = 2;
}

include "backend.vcl";

# Who may purge: the render servers. Widen it to their addresses when they run elsewhere.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # A visitor names no side of their own: these headers are this VCL's.
    if (req.restarts == 0) {
        unset req.http.Blog-Canary-Page;
        unset req.http.Blog-Canary-Side;
        unset req.http.Blog-Canary-Cookie;
        unset req.http.Blog-Canary-Set-Cookie;
    }
    if (req.url == "/_varnish/purge") {
        if (req.method != "POST") {
            return (synth(405, "Method Not Allowed"));
        }
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.Xkey-Purge && !req.http.Xkey-Softpurge) {
            return (synth(400, "No Xkey-Purge or Xkey-Softpurge header"));
        }
        set req.http.X-Purged = 0;
        set req.http.X-Softpurged = 0;
        if (req.http.Xkey-Purge) {
            set req.http.X-Purged = xkey.purge(req.http.Xkey-Purge);
        }
        if (req.http.Xkey-Softpurge) {
            set req.http.X-Softpurged = xkey.softpurge(req.http.Xkey-Softpurge);
        }
        return (synth(200, "Purged " + req.http.X-Purged + ", soft-purged " + req.http.X-Softpurged));
    }
    # Drafts and a section's next build are one visitor's: never kept, never served from here.
    if (req.url ~ "^/preview(/|\?|$)" || req.http.Cookie ~ "(^|;\s*)(blog_preview|blog_sections)=") {
        return (pass);
    }
    if (req.method == "GET" || req.method == "HEAD") {
        if (req.restarts == 0) {
            # First the visitor's side of the running canaries, kept by their canary cookies and,
            # when the render server made a draw, by this one (it answers Vary: Blog-Canary-Draw).
            cookie.parse(req.http.Cookie);
            cookie.keep_re("^blog_canary_[a-z_]+$");
            set req.http.Cookie = cookie.get_string();
            set req.http.Blog-Canary-Draw = std.integer(real = std.random(0, 100), fallback = 0) % 100;
            set req.http.Blog-Canary-Page = req.url;
            set req.url = "/_canary/side";
            return (hash);
        }
        # Other cookies change no page: the page is looked up by side, and the render server
        # shown the side's cookies only.
        unset req.http.Cookie;
        if (req.http.Blog-Canary-Cookie) {
            set req.http.Cookie = req.http.Blog-Canary-Cookie;
        }
    }
    # A healthy render server is asked again soon after a page's s-maxage; a sick one is not,
    # and the page is served from grace.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
    # The side's cookies are this VCL's own, and name the side the page is looked up by: builtin
    # VCL would pass a request with a cookie.
    if (req.http.Blog-Canary-Cookie && !req.http.Authorization) {
        return (hash);
    }
}

sub vcl_hash {
    if (req.url == "/_canary/side") {
        hash_data(req.http.Cookie);
    } elsif (req.http.Blog-Canary-Side && req.http.Blog-Canary-Side != "live") {
        # The live side's pages are kept as with no canary, also for a visitor whose side could
        # not be found (the render servers down: pages from grace).
        hash_data(req.http.Blog-Canary-Side);
    }
}

sub vcl_backend_response {
    # xkey reads the tags from its own header.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # A side is not served stale: a canary that ended is no one's side a second later.
    if (bereq.url == "/_canary/side") {
        set beresp.grace = 0s;
        return (deliver);
    }
    # A canary's page is answered private to whoever does not key pages by side; here it is kept
    # under its side as the canary's render server said.
    if (bereq.http.Blog-Canary-Side && bereq.http.Blog-Canary-Side != "live" && beresp.status == 200 &&
        beresp.http.Canary-Cache-Control ~ "s-maxage=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Canary-Cache-Control, "^.*s-maxage=([0-9]+).*$", "\1s"), 0s);
        set beresp.grace = 24h;
        return (deliver);
    }
    if (beresp.ttl > 0s && beresp.status == 200) {
        set beresp.grace = 24h;
    }
}

sub vcl_deliver {
    # The side found: the page is looked up under it.
    if (req.restarts == 0 && req.http.Blog-Canary-Page) {
        if (resp.status == 200) {
            set req.http.Blog-Canary-Side = resp.http.Blog-Canary-Side;
            if (resp.http.Blog-Canary-Cookie) {
                set req.http.Blog-Canary-Cookie = resp.http.Blog-Canary-Cookie;
            }
            header.copy(resp.http.Blog-Canary-Set-Cookie, req.http.Blog-Canary-Set-Cookie);
        }
        set req.url = req.http.Blog-Canary-Page;
        unset req.http.Blog-Canary-Page;
        return (restart);
    }
    # A visitor new to a canary gets its cookie from here: a kept page carries none.
    header.copy(req.http.Blog-Canary-Set-Cookie, resp.http.Set-Cookie);
    unset resp.http.Canary-Cache-Control;
    if (obj.uncacheable) {
        set resp.http.X-Varnish-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Varnish-Cache = "HIT";
    } else {
        set resp.http.X-Varnish-Cache = "MISS";
    }
    # The tags are for this cache only.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
}
