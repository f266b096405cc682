// authui-passkey.js: the passkey ceremonies of the account pages, the one
// script they load (Content-Security-Policy script-src 'self'). Each form
// marked data-passkey="create" or "get" has a hidden button, shown here
// when the browser has WebAuthn: pressed, it posts the form token to the
// form's data-options route, passes the options it answers to
// navigator.credentials, puts the browser's answer in the form's
// credential field and sends the form as a person would. A refused
// options request answers where to go: the page that shows its error.
(function () {
  "use strict";

  function toBytes(s) {
    var b64 = s.replace(/-/g, "+").replace(/_/g, "/");
    var bin = atob(b64 + "===".slice((b64.length + 3) % 4));
    var out = new Uint8Array(bin.length);
    for (var i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out.buffer;
  }

  function toText(buf) {
    var bytes = new Uint8Array(buf), bin = "";
    for (var i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
    return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function ids(list) {
    (list || []).forEach(function (c) { c.id = toBytes(c.id); });
  }

  // options decodes the binary fields of the server's options (WebAuthn
  // §5.4, §5.5), which travel as base64url.
  function options(kind, pk) {
    pk.challenge = toBytes(pk.challenge);
    if (kind === "create") {
      pk.user.id = toBytes(pk.user.id);
      ids(pk.excludeCredentials);
    } else {
      ids(pk.allowCredentials);
    }
    return pk;
  }

  // answer is the credential as JSON with its binary fields in base64url
  // (PublicKeyCredential.toJSON, WebAuthn §5.1.8), built by hand where the
  // browser lacks toJSON.
  function answer(cred) {
    if (typeof cred.toJSON === "function") return cred.toJSON();
    var r = cred.response, out = {
      id: cred.id, rawId: toText(cred.rawId), type: cred.type,
      authenticatorAttachment: cred.authenticatorAttachment || undefined,
      clientExtensionResults: cred.getClientExtensionResults(),
      response: { clientDataJSON: toText(r.clientDataJSON) }
    };
    if (r.attestationObject) {
      out.response.attestationObject = toText(r.attestationObject);
      out.response.transports = r.getTransports ? r.getTransports() : [];
    } else {
      out.response.authenticatorData = toText(r.authenticatorData);
      out.response.signature = toText(r.signature);
      if (r.userHandle) out.response.userHandle = toText(r.userHandle);
    }
    return out;
  }

  function start(form, button, failed) {
    var kind = form.getAttribute("data-passkey");
    failed.hidden = true;
    button.disabled = true;
    var body = new URLSearchParams();
    body.set("csrf", form.elements.csrf.value);
    fetch(form.getAttribute("data-options"), { method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (resp) {
        return resp.json().then(function (data) {
          if (!resp.ok) {
            window.location.assign(data.redirect);
            return null;
          }
          var pk = options(kind, data.publicKey);
          return kind === "create" ? navigator.credentials.create({ publicKey: pk }) : navigator.credentials.get({ publicKey: pk });
        });
      })
      .then(function (cred) {
        if (!cred) return;
        form.elements.credential.value = JSON.stringify(answer(cred));
        form.submit();
      })
      .catch(function () {
        failed.hidden = false;
        button.disabled = false;
      });
  }

  var supported = !!(window.PublicKeyCredential && navigator.credentials);
  document.querySelectorAll("form[data-passkey]").forEach(function (form) {
    var button = form.querySelector("[data-passkey-start]");
    var note = form.querySelector("[data-passkey-nojs]");
    var failed = form.querySelector("[data-passkey-error]");
    if (!supported) {
      note.textContent = note.getAttribute("data-unsupported");
      return;
    }
    note.hidden = true;
    button.hidden = false;
    button.addEventListener("click", function () { start(form, button, failed); });
    // Enter in the form's name field starts the ceremony too, rather than
    // sending the form without a passkey.
    form.addEventListener("submit", function (ev) {
      if (form.elements.credential.value === "") {
        ev.preventDefault();
        if (!button.disabled) start(form, button, failed);
      }
    });
  });
})();
