// Hand-written trace records of every shape the service recognizes, following the public formats:
// OpenAI chat completions (request and response objects), the OpenTelemetry GenAI semantic
// conventions in OTLP/JSON, and agent runs with an events list. Shared by the engine's unit tests
// and the service tests.

/** `{input, output}` with text input, and extra fields a logger adds. */
export const textExchange = {
  input: "What is the capital of France?",
  output: "The capital of France is Paris.",
  model: "gpt-4",
  latency_ms: 450,
  tokens: 28,
};

/** `{input, output, metadata}` with chat messages as input. */
export const chatExchange = {
  input: [
    { role: "system", content: "You are a support agent for an online shop." },
    { role: "user", content: "My order #1234 has not arrived after ten days." },
  ],
  output:
    "I'm sorry about the delay. Order #1234 left our warehouse on May 2; I've asked the carrier for an update.",
  metadata: { customer_id: "c-88", channel: "chat" },
};

/** A chat-completion request and response as a proxy logs them, with a tool round trip. */
export const openAiLog = {
  request: {
    model: "gpt-4o-mini",
    temperature: 0,
    messages: [
      { role: "system", content: "You are a weather assistant." },
      { role: "user", content: "What's the weather in Paris today?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id: "call_abc123",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Paris"}' },
          },
        ],
      },
      {
        role: "tool",
        tool_call_id: "call_abc123",
        content: '{"temp_c":18,"conditions":"light rain"}',
      },
      { role: "user", content: [{ type: "text", text: "Should I take an umbrella?" }] },
    ],
    tools: [
      {
        type: "function",
        function: {
          name: "get_weather",
          description: "Current weather for a city",
          parameters: {
            type: "object",
            properties: { city: { type: "string" } },
            required: ["city"],
          },
        },
      },
    ],
  },
  response: {
    id: "chatcmpl-9xYz",
    object: "chat.completion",
    created: 1731400000,
    model: "gpt-4o-mini-2024-07-18",
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: "Yes: light rain is expected in Paris (18 °C), so take an umbrella.",
        },
        finish_reason: "stop",
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 112, completion_tokens: 19, total_tokens: 131 },
  },
  latency_ms: 840,
};

const string = (value: string) => ({ stringValue: value });
const int = (value: number) => ({ intValue: String(value) });
const strings = (...values: string[]) => ({ arrayValue: { values: values.map(string) } });
const attributes = (entries: Record<string, object>) =>
  Object.entries(entries).map(([key, value]) => ({ key, value }));

export const AGENT_TRACE_ID = "5b8efff798038103d269b633813fc60c";
export const LEGACY_TRACE_ID = "0af7651916cd43dd8448eb211c80319c";

/**
 * An OTLP/JSON export (current GenAI conventions): an agent run whose spans arrive out of order,
 * interleaved with a span of another trace that uses the older indexed attributes and events.
 */
export const otlpExport = {
  resourceSpans: [
    {
      resource: { attributes: attributes({ "service.name": string("travel-assistant") }) },
      scopeSpans: [
        {
          scope: { name: "opentelemetry.instrumentation.openai_v2", version: "2.1b0" },
          spans: [
            {
              traceId: AGENT_TRACE_ID,
              spanId: "00f067aa0ba902b7",
              parentSpanId: "a3ce929d0e0e4736",
              name: "execute_tool get_weather",
              kind: 1,
              startTimeUnixNano: "1731400000600000000",
              endTimeUnixNano: "1731400000750000000",
              attributes: attributes({
                "gen_ai.operation.name": string("execute_tool"),
                "gen_ai.tool.name": string("get_weather"),
                "gen_ai.tool.call.id": string("call_w1"),
                "gen_ai.tool.call.arguments": string('{"city":"Lisbon"}'),
                "gen_ai.tool.call.result": string('{"temp_c":24,"conditions":"sunny"}'),
              }),
              status: {},
            },
            {
              traceId: LEGACY_TRACE_ID,
              spanId: "b7ad6b7169203331",
              name: "openai.chat",
              kind: 3,
              startTimeUnixNano: "1731400100000000000",
              endTimeUnixNano: "1731400101200000000",
              attributes: attributes({
                "gen_ai.system": string("openai"),
                "gen_ai.request.model": string("gpt-3.5-turbo"),
                "gen_ai.prompt.0.role": string("system"),
                "gen_ai.prompt.0.content": string("Answer in one word."),
                "gen_ai.prompt.1.role": string("user"),
                "gen_ai.prompt.1.content": string("What colour is the sky on a clear day?"),
                "gen_ai.completion.0.role": string("assistant"),
                "gen_ai.completion.0.content": string("Blue."),
                "gen_ai.completion.0.finish_reason": string("stop"),
                "gen_ai.usage.prompt_tokens": int(21),
                "gen_ai.usage.completion_tokens": int(2),
              }),
              status: { code: 1 },
            },
            {
              traceId: AGENT_TRACE_ID,
              spanId: "53995c3f42cd8ad8",
              parentSpanId: "a3ce929d0e0e4736",
              name: "chat gpt-4o",
              kind: 3,
              startTimeUnixNano: "1731400000100000000",
              endTimeUnixNano: "1731400000550000000",
              attributes: attributes({
                "gen_ai.operation.name": string("chat"),
                "gen_ai.provider.name": string("openai"),
                "gen_ai.request.model": string("gpt-4o"),
                "gen_ai.response.model": string("gpt-4o-2024-08-06"),
                "gen_ai.usage.input_tokens": int(96),
                "gen_ai.usage.output_tokens": int(18),
                "gen_ai.response.finish_reasons": strings("tool_calls"),
                "gen_ai.system_instructions": string(
                  '[{"type":"text","content":"You plan trips. Use tools for live data."}]',
                ),
                "gen_ai.input.messages": string(
                  '[{"role":"user","parts":[{"type":"text","content":"Is it beach weather in Lisbon this afternoon?"}]}]',
                ),
                "gen_ai.output.messages": string(
                  '[{"role":"assistant","parts":[{"type":"tool_call","id":"call_w1","name":"get_weather","arguments":{"city":"Lisbon"}}],"finish_reason":"tool_calls"}]',
                ),
              }),
            },
          ],
        },
      ],
    },
  ],
};

/** A second export of the same file: the rest of the agent run (root span and final answer). */
export const otlpExportContinued = {
  resourceSpans: [
    {
      resource: { attributes: attributes({ "service.name": string("travel-assistant") }) },
      scopeSpans: [
        {
          scope: { name: "travel-assistant.agent" },
          spans: [
            {
              traceId: AGENT_TRACE_ID,
              spanId: "a3ce929d0e0e4736",
              name: "invoke_agent trip-planner",
              kind: 1,
              startTimeUnixNano: "1731400000000000000",
              endTimeUnixNano: "1731400001400000000",
              attributes: attributes({
                "gen_ai.operation.name": string("invoke_agent"),
                "gen_ai.agent.name": string("trip-planner"),
              }),
            },
            {
              traceId: AGENT_TRACE_ID,
              spanId: "d4cda95b652f4a15",
              parentSpanId: "a3ce929d0e0e4736",
              name: "chat gpt-4o",
              kind: 3,
              startTimeUnixNano: "1731400000800000000",
              endTimeUnixNano: "1731400001350000000",
              attributes: attributes({
                "gen_ai.operation.name": string("chat"),
                "gen_ai.request.model": string("gpt-4o"),
                "gen_ai.usage.input_tokens": int(142),
                "gen_ai.usage.output_tokens": int(31),
              }),
              events: [
                {
                  timeUnixNano: "1731400001350000000",
                  name: "gen_ai.choice",
                  attributes: attributes({
                    "gen_ai.event.content": string(
                      '{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"Yes: 24 °C and sunny in Lisbon this afternoon, good beach weather."}}',
                    ),
                  }),
                },
              ],
              status: { code: 2, message: "client disconnected before the end of the stream" },
            },
          ],
        },
      ],
    },
  ],
};

/** An agent run with an events list, as agent frameworks' exporters write them. */
export const agentRun = {
  trace_id: "tr-demo-042",
  agent_name: "support-agent",
  framework: "langgraph",
  status: "completed",
  metadata: { environment: "production" },
  events: [
    {
      event_type: "agent.input",
      timestamp: "2026-03-18T10:20:00Z",
      payload: { message: "Cancel my subscription and refund last month.", role: "human" },
    },
    {
      event_type: "model.invoke",
      timestamp: "2026-03-18T10:20:01Z",
      payload: { provider: "openai", model: "gpt-4o", tokens_in: 128, tokens_out: 45 },
    },
    {
      event_type: "tool.call",
      timestamp: "2026-03-18T10:20:01.400Z",
      payload: {
        name: "cancel_subscription",
        arguments: { customer_id: "c-88" },
        result: "cancelled; refund of $12.00 queued",
      },
    },
    {
      event_type: "agent.output",
      timestamp: "2026-03-18T10:20:02.600Z",
      payload: {
        message: "Your subscription is cancelled and $12.00 will be refunded within 5 days.",
        role: "assistant",
      },
    },
  ],
};

/** A record of no known shape. */
export const plainRecord = { session: "s-1", score: 0.5, tags: ["beta"], note: "kept as sent" };
