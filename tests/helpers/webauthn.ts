import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A software authenticator for server-side tests: the registration response a platform
// authenticator would give for the server's options ("none" attestation, user present and
// verified, an ES256 key), so the plugin's real checks run without a browser.

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/** The browser's answer to navigator.credentials.create for `options`, as posted to our route. */
export function registrationResponse(options: { challenge: string; rp: { id: string } }, origin: string): string {
  return softwareAuthenticator().register(options, origin);
}

/**
 * One authenticator that keeps its key: `register` answers navigator.credentials.create, then
 * `assert` answers navigator.credentials.get with a real signature, so a sign-in runs the plugin's
 * full verification.
 */
export function softwareAuthenticator() {
  const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  let counter = 0;
  return {
    credentialId: b64url(credentialId),
    register: (options: { challenge: string; rp: { id: string } }, origin: string) =>
      registration(options, origin, publicKey, credentialId),
    assert(options: { challenge: string; rpId?: string }, origin: string): string {
      counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(counter);
      const authData = Buffer.concat([
        createHash("sha256")
          .update(options.rpId ?? new URL(origin).hostname)
          .digest(),
        Buffer.from([0x05]), // user present, user verified
        count,
      ]);
      const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
      const signature = sign("sha256", Buffer.concat([authData, createHash("sha256").update(clientData).digest()]), privateKey);
      return JSON.stringify({
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: "public-key",
        response: { clientDataJSON: b64url(clientData), authenticatorData: b64url(authData), signature: b64url(signature) },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      });
    },
  };
}

function registration(
  options: { challenge: string; rp: { id: string } },
  origin: string,
  publicKey: KeyObject,
  credentialId: Buffer,
): string {
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]),
  );
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    createHash("sha256").update(options.rp.id).digest(),
    Buffer.from([0x45]), // user present, user verified, attested credential data
    Buffer.alloc(4), // sign count
    Buffer.alloc(16), // AAGUID
    length,
    credentialId,
    Buffer.from(cose),
  ]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Map<string, string> | Uint8Array>([
      ["fmt", "none"],
      ["attStmt", new Map<string, string>()],
      ["authData", new Uint8Array(authData)],
    ]),
  );
  const clientData = JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false });
  return JSON.stringify({
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: "public-key",
    response: { clientDataJSON: b64url(Buffer.from(clientData)), attestationObject: b64url(attestationObject), transports: ["internal"] },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  });
}
