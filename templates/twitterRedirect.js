// Runs in the Twitter OAuth popup: hands the result to the storefront that opened it, same origin only.
(() => {
  var q = new URLSearchParams(location.search);
  var result = {
    type: "sf:twitter-auth",
    oauth_token: q.get("oauth_token"),
    oauth_verifier: q.get("oauth_verifier"),
    denied: q.get("denied"),
  };
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(result, location.origin);
    window.close();
  } else {
    document.getElementById("msg").textContent = "Sign-in finished. You can close this window and return to the store.";
  }
})();
