/**
 * What the three framework examples (ai-sdk.ts, openai-agents.ts, langchain.ts) share: ten travel and office
 * tools described in plain data, the two-turn conversation with the tool a real model would call in each turn,
 * and the toolsift metadata given beside one tool. Each example turns the tools into its framework's own tool
 * objects with that framework's `tool()`.
 */

/** A tool as plain data: its name, description and string parameters (name -> description). */
export interface TravelTool {
  name: string;
  description: string;
  parameters: Record<string, string>;
}

/** The tools every example gives its agent. */
export const TRAVEL_TOOLS: readonly TravelTool[] = [
  {
    name: 'get_weather',
    description: 'Current weather conditions (temperature, wind, rain) in a city',
    parameters: { city: 'City name' },
  },
  {
    name: 'get_forecast',
    description: 'Weather forecast for a city for the coming days',
    parameters: { city: 'City name', days: 'Days ahead' },
  },
  {
    name: 'search_flights',
    description: 'Search flights between two airports on a date',
    parameters: { from: 'IATA code', to: 'IATA code' },
  },
  {
    name: 'book_hotel',
    description: 'Book a hotel room in a city for given nights',
    parameters: { city: 'City name', nights: 'Nights' },
  },
  {
    name: 'convert_currency',
    description: 'Convert an amount between two currencies',
    parameters: { amount: 'Amount', to: 'Currency' },
  },
  {
    name: 'send_email',
    description: 'Send an email to a recipient',
    parameters: { to: 'Address', body: 'Text' },
  },
  {
    name: 'create_invoice',
    description: 'Create an invoice for a customer',
    parameters: { customer: 'Customer id' },
  },
  {
    name: 'translate_text',
    description: 'Translate a text into another language',
    parameters: { text: 'Text', language: 'Language' },
  },
  {
    name: 'create_calendar_event',
    description: 'Add an event to the calendar',
    parameters: { title: 'Title', start: 'Start time' },
  },
  {
    name: 'search_restaurants',
    description: 'Find restaurants near a place',
    parameters: { near: 'Place', cuisine: 'Cuisine' },
  },
];

/** What the user says, turn by turn, and the tool the scripted model calls for it (when it is offered). */
export const SCRIPT: Readonly<Record<string, string>> = {
  "What's the weather in Lisbon right now?": 'get_weather',
  'Book me a hotel there for two nights': 'book_hotel',
};

/** Toolsift metadata beside a tool: when it is, and is not, the one to use. */
export const TRAVEL_METADATA = {
  get_forecast: { notFor: 'the weather right now', keywords: ['tomorrow', 'next week'] },
};

/** One request the model received: the user turn it answers and the tools it was offered. */
export interface ExampleRequest {
  userText: string;
  tools: string[];
}

/** The JSON Schema of a tool's string parameters. */
export function parametersSchema(parameters: Record<string, string>): {
  type: 'object';
  properties: Record<string, { type: 'string'; description: string }>;
} {
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(parameters).map(([name, text]) => [
        name,
        { type: 'string' as const, description: text },
      ]),
    ),
  };
}

/** Print each request's user turn and offered tools, as the examples do when run directly. */
export function printRequests(requests: readonly ExampleRequest[]): void {
  for (const request of requests) {
    process.stdout.write(`${request.userText}\n  offered: ${request.tools.join(', ')}\n`);
  }
}
