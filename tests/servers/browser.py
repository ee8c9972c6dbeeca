"""A stand-in for a person's browser: open a URL and follow its redirects.

Run: ``python browser.py URL`` (as ``BROWSER="python browser.py %s"``, which the
`webbrowser` module runs). It GETs the authorization URL; the test authorization server
approves at once and redirects to the client's loopback listener, which this follows,
as a browser would after the person clicks "Allow". With ``--deny`` it goes straight
to the redirect URI with ``error=access_denied`` instead, as after "Deny".
"""

from __future__ import annotations

import sys
import urllib.request
from urllib.parse import parse_qs, urlencode, urlsplit

if __name__ == "__main__":
    url = sys.argv[-1]
    if "--deny" in sys.argv:
        query = {key: values[0] for key, values in parse_qs(urlsplit(url).query).items()}
        answer = {"error": "access_denied", "state": query.get("state", "")}
        url = f"{query['redirect_uri']}?{urlencode(answer)}"
    with urllib.request.urlopen(url, timeout=30) as response:
        sys.exit(0 if response.status == 200 else 1)
