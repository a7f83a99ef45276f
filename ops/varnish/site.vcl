vcl 4.1;
# Varnish in front of the render servers (docs/operating/production.md, "Varnish or a CDN in front").
# - Pages are kept as long as the render server's Cache-Control says (s-maxage), and dropped by tag:
#   the render server tags each page (Surrogate-Key) and, on every change the CMS reports, POSTs
#   the dropped tags to /_varnish/purge with the header Xkey-Purge (BLOG_PURGE_URL points here).
# - While the render servers are down, kept pages are served stale for up to a day (grace).
# - Previews, and any request carrying a preview's cookies, pass straight through.
# The backends are in backend.vcl, beside this file or on vcl_path: `npm start` and the tests write
# one for their render server; a deployment writes its own (one `backend`, or a director).

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
    if (req.url == "/_varnish/purge") {
        if (req.method != "POST") {
            return (synth(405, "Method Not Allowed"));
        }
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.Xkey-Purge) {
            return (synth(400, "No Xkey-Purge header"));
        }
        set req.http.X-Purged = xkey.purge(req.http.Xkey-Purge);
        return (synth(200, "Purged " + req.http.X-Purged));
    }
    # Drafts, a section's next build and a canary's visitors are one visitor's: never kept, never
    # served from here. (A new visitor during a canary is answered its cookie, which builtin VCL
    # never keeps either.)
    if (req.url ~ "^/preview(/|\?|$)" || req.http.Cookie ~ "(^|;\s*)(blog_preview|blog_sections|blog_canary_[a-z_]+)=") {
        return (pass);
    }
    # Other cookies change no page: dropped, so that they do not make every page pass.
    if (req.method == "GET" || req.method == "HEAD") {
        unset req.http.Cookie;
    }
    # A healthy render server is asked again soon after a page's s-maxage; a sick one is not,
    # and the page is served from grace.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
}

sub vcl_backend_response {
    # xkey reads the tags from its own header.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    if (beresp.ttl > 0s && beresp.status == 200) {
        set beresp.grace = 24h;
    }
}

sub vcl_deliver {
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
