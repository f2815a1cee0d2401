import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Each secret shape a probe found in toolsift's output, as it sits in tool metadata. */
export const SECRETS = {
  googleClientSecret: 'GOCSPX-AbCdEfGhIjKlMnOpQrStUvWxYz12',
  googleRefreshToken: '1//0gAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  openaiKey: 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789',
  stripeKey: 'sk_live_51HxAbCdEfGhIjKlMnOpQrStUv',
  awsSecretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  connectionPassword: 'hunter2secret',
  enumPassword: 'Tr0ub4dor-and-3',
} as const;

/** Escape sequences a hostile catalog can put in a title or description. */
export const ESCAPES = {
  clearScreen: '\u001b[2J',
  windowTitle: '\u001b]0;pwned\u0007',
  /** The 8-bit CSI, which JSON.stringify leaves raw. */
  eightBitCsi: '\u009b31m',
} as const;

/**
 * Write a catalog whose tools carry every secret of `SECRETS` and the escape sequences of `ESCAPES`:
 * a Shinkai tool (OAuth client secret and refresh token, an OpenAI key as a default) and three MCP tools
 * (a Stripe key in the description and a parameter's, an AWS key pair, a connection string and a
 * password parameter with an enum).
 */
export async function writeHostileCatalog(dir: string): Promise<void> {
  await mkdir(path.join(dir, 'shinkai', 'drive-upload'), { recursive: true });
  await writeFile(path.join(dir, 'shinkai', 'drive-upload', 'metadata.json'), JSON.stringify(SHINKAI_TOOL));
  await writeFile(path.join(dir, 'hostile.tools.json'), JSON.stringify({ tools: MCP_TOOLS }));
}

/** A prompt that selects every tool of the hostile catalog with k = 5. */
export const HOSTILE_PROMPT = 'charge a card, upload to drive and s3, run sql';

// --- internal ---

const SHINKAI_TOOL = {
  name: 'Google Drive: Upload File',
  description: 'Upload a file to Google Drive.',
  version: '1.0.0',
  author: 'test',
  keywords: ['drive', 'upload'],
  tool_type: 'typescript',
  configurations: { type: 'object', properties: {}, required: [] },
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: 'File to upload' },
      model_key: { type: 'string', description: 'Key of the model', default: SECRETS.openaiKey },
    },
    required: ['path'],
  },
  result: { type: 'object', properties: {} },
  sqlTables: [],
  sqlQueries: [],
  tools: [],
  oauth: [
    {
      name: 'Google',
      version: '2.0',
      authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenUrl: 'https://oauth2.googleapis.com/token',
      clientId: '1234.apps.googleusercontent.com',
      clientSecret: SECRETS.googleClientSecret,
      scopes: [],
      responseType: 'code',
      refreshToken: SECRETS.googleRefreshToken,
      pkceType: 'S256',
    },
  ],
};

const MCP_TOOLS = [
  {
    name: 'charge_card',
    title: `Charge ${ESCAPES.windowTitle}a card`,
    description: `Charge a customer card with Stripe using key ${SECRETS.stripeKey} by default.${ESCAPES.clearScreen}${ESCAPES.eightBitCsi}`,
    inputSchema: {
      type: 'object',
      properties: {
        amount: { type: 'number', description: 'Amount in cents' },
        stripe_key: { type: 'string', description: `Stripe key, e.g. ${SECRETS.stripeKey}` },
      },
    },
  },
  {
    name: 'upload_s3',
    description: `Upload a file to S3 with access key AKIAIOSFODNN7EXAMPLE and secret ${SECRETS.awsSecretKey}.`,
    inputSchema: { type: 'object', properties: { bucket: { type: 'string', description: 'Bucket' } } },
  },
  {
    name: 'run_sql',
    description: `Run a SQL query on postgres://admin:${SECRETS.connectionPassword}@db.example.com:5432/prod and return rows.`,
    inputSchema: {
      type: 'object',
      properties: {
        sql: { type: 'string', description: 'The query' },
        password: { type: 'string', description: 'Database password', enum: [SECRETS.enumPassword] },
      },
    },
  },
];
