/**
 * A small S3 for tests (src/server/media/storage.int.test.ts, the review photos' tests): path-style
 * objects in memory, every request's SigV4 signature checked (computed here with node:crypto,
 * independently of aws4fetch), PUT, GET, HEAD and DELETE.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { freePort } from './free-port';
import { testConfig } from './test-context';

export const S3 = { bucket: 'avis-logos', keyId: 'AKIDTESTMEDIA', secret: 'test-secret-key', region: 'eu-west-3', publicUrl: 'https://cdn.example.test/logos' };

export interface FakeS3 {
  server: Server;
  url: string;
  objects: Map<string, { bytes: Buffer; contentType: string; cacheControl: string | undefined }>;
  requests: { method: string; path: string }[];
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Null when `request` carries a valid AWS4-HMAC-SHA256 signature by S3.keyId for this body; else why not. */
function signatureProblem(request: IncomingMessage, body: Buffer): string | null {
  const authorization = request.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return 'not an AWS4-HMAC-SHA256 authorization';
  const [, keyId, day, region, signedHeaders, signature] = match as unknown as [string, string, string, string, string, string];
  if (keyId !== S3.keyId) return 'unknown key id';
  if (region !== S3.region) return 'wrong region';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day)) return 'date mismatch';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return 'payload hash mismatch';
  const names = signedHeaders.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and date must be signed';
  const [path, query = ''] = (request.url ?? '').split('?');
  const canonicalHeaders = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('');
  const canonicalRequest = [request.method, path, query, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${S3.secret}`, day), region), 's3'), 'aws4_request');
  return hmac(signingKey, stringToSign).toString('hex') === signature ? null : 'signature mismatch';
}

export async function startFakeS3(): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const requests: FakeS3['requests'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = (request.url ?? '').split('?')[0]!;
      requests.push({ method: request.method ?? '', path });
      const problem = signatureProblem(request, body);
      if (problem) {
        response.writeHead(403, { 'Content-Type': 'application/xml' }).end(`<Error><Code>SignatureDoesNotMatch</Code><Message>${problem}</Message></Error>`);
        return;
      }
      if (!path.startsWith(`/${S3.bucket}/`)) {
        response.writeHead(404).end('<Error><Code>NoSuchBucket</Code></Error>');
        return;
      }
      if (request.method === 'DELETE') {
        // S3 answers 204 whether or not the key existed.
        objects.delete(path);
        response.writeHead(204).end();
        return;
      }
      if (request.method === 'PUT') {
        objects.set(path, { bytes: body, contentType: String(request.headers['content-type']), cacheControl: request.headers['cache-control'] });
        response.writeHead(200, { ETag: `"${sha256(body)}"` }).end();
        return;
      }
      const object = objects.get(path);
      if (!object) {
        response.writeHead(404, { 'Content-Type': 'application/xml' }).end(request.method === 'HEAD' ? undefined : '<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      response.writeHead(200, { 'Content-Type': object.contentType, 'Content-Length': object.bytes.length });
      response.end(request.method === 'HEAD' ? undefined : object.bytes);
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${port}`, objects, requests };
}

/** The settings of a storage in the fake bucket at `endpoint`. */
export function s3Env(endpoint: string, secret = S3.secret): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: S3.region,
    S3_BUCKET: S3.bucket,
    S3_ACCESS_KEY_ID: S3.keyId,
    S3_SECRET_ACCESS_KEY: secret,
    S3_PUBLIC_URL: S3.publicUrl,
  };
}

export function s3Config(endpoint: string, secret = S3.secret) {
  return testConfig(s3Env(endpoint, secret));
}
