// Passkeys for the Sesame starter: the one script of the site. It drives
// the passkey routes of Sesame under /auth from the buttons of the
// sign-in page, the second-factor page and the account page, which mark
// them with data-passkey attributes; every other form of the site works
// without it. No framework, no third-party code.
'use strict';

(() => {
  // WebAuthn's binary fields travel as base64url strings in JSON.
  const enc = buf => btoa(String.fromCharCode(...new Uint8Array(buf)))
    .replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const dec = s => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((s.length + 3) % 4)),
    c => c.charCodeAt(0));

  // call posts JSON to a route of Sesame's and returns its answer; a
  // refusal throws an Error carrying the route's code and message.
  async function call(path, body) {
    const res = await fetch('/auth' + path, {
      method: 'POST', credentials: 'same-origin',
      headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body || {}),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) {
      const e = (json && json.error) || {};
      const err = new Error(e.message || 'the request failed (' + res.status + ')');
      err.code = e.code || '';
      throw err;
    }
    return json;
  }

  // requestOptions decodes the options of navigator.credentials.get.
  function requestOptions(o) {
    o.challenge = dec(o.challenge);
    for (const c of o.allowCredentials || []) c.id = dec(c.id);
    return o;
  }

  // assertion encodes the answer of navigator.credentials.get.
  function assertion(cred) {
    return {
      id: cred.id, rawId: enc(cred.rawId), type: cred.type,
      authenticatorAttachment: cred.authenticatorAttachment,
      clientExtensionResults: cred.getClientExtensionResults(),
      response: {
        clientDataJSON: enc(cred.response.clientDataJSON),
        authenticatorData: enc(cred.response.authenticatorData),
        signature: enc(cred.response.signature),
        userHandle: cred.response.userHandle ? enc(cred.response.userHandle) : undefined,
      },
    };
  }

  // show writes a failure in the box of the section, with a way to sign
  // in again when the session is too old for the change.
  function show(box, err) {
    if (!box) return;
    if (err && err.name === 'AbortError') return;
    let text = err && err.message ? err.message : String(err);
    if (err && err.name === 'NotAllowedError') text = 'The passkey request was cancelled or timed out.';
    box.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    if (err && err.code === 'fresh_session_required') {
      const a = document.createElement('a');
      a.href = '/sign-in?next=' + encodeURIComponent(location.pathname);
      a.textContent = 'sign in';
      box.append(': ', a);
    }
    box.setAttribute('role', 'alert');
    box.hidden = false;
  }

  // signIn runs a passkey sign-in (or second factor) and goes on to the
  // section's next page. mediation "conditional" waits for the autofill.
  async function signIn(section, paths, mediation, signal) {
    const opts = await call(paths[0], mediation ? {mediation} : {});
    const get = {publicKey: requestOptions(opts.publicKey), signal};
    if (mediation) get.mediation = mediation;
    const cred = await navigator.credentials.get(get);
    await call(paths[1], {credential: assertion(cred), flow: opts.flow});
    location.assign(section.dataset.next || '/');
  }

  async function register(form, box) {
    const o = (await call('/passkey/register/options')).publicKey;
    o.challenge = dec(o.challenge);
    o.user.id = dec(o.user.id);
    for (const c of o.excludeCredentials || []) c.id = dec(c.id);
    const cred = await navigator.credentials.create({publicKey: o});
    const credential = {
      id: cred.id, rawId: enc(cred.rawId), type: cred.type,
      authenticatorAttachment: cred.authenticatorAttachment,
      clientExtensionResults: cred.getClientExtensionResults(),
      response: {
        clientDataJSON: enc(cred.response.clientDataJSON),
        attestationObject: enc(cred.response.attestationObject),
        transports: cred.response.getTransports ? cred.response.getTransports() : [],
      },
    };
    await call('/passkey/register', {credential, name: form.elements.name.value});
    location.assign('/account?done=passkey-added');
  }

  function start() {
    const sections = document.querySelectorAll('[data-passkey]');
    if (!sections.length) return;
    if (!window.PublicKeyCredential || !navigator.credentials) {
      for (const s of sections) {
        const box = s.querySelector('[data-passkey-error]');
        show(box, new Error('this browser cannot use passkeys'));
      }
      return;
    }
    for (const s of sections) {
      const box = s.querySelector('[data-passkey-error]');
      const button = s.querySelector('button');
      s.hidden = false;
      switch (s.dataset.passkey) {
        case 'sign-in': {
          const paths = ['/passkey/sign-in/options', '/passkey/sign-in'];
          let waiting = null; // the autofill's request, aborted by the button
          button.addEventListener('click', () => {
            if (waiting) waiting.abort();
            signIn(s, paths, '').catch(err => show(box, err));
          });
          if (PublicKeyCredential.isConditionalMediationAvailable) {
            PublicKeyCredential.isConditionalMediationAvailable().then(ok => {
              if (!ok) return;
              waiting = new AbortController();
              signIn(s, paths, 'conditional', waiting.signal).catch(err => show(box, err));
            });
          }
          break;
        }
        case 'second-factor':
          button.addEventListener('click', () => {
            signIn(s, ['/passkey/second-factor/options', '/passkey/second-factor'], '').catch(err => show(box, err));
          });
          break;
        case 'register':
          s.addEventListener('submit', ev => {
            ev.preventDefault();
            register(s, box).catch(err => show(box, err));
          });
          break;
      }
    }
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
