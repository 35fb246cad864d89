/**
 * Why a model cannot be called on this installation (an unconfigured provider, an unknown model,
 * no default judge model); the message says what to do. Thrown by whoever resolves a model's
 * endpoint (resources/models), read by the runners' failure classifier, so it lives in the engine.
 */
export class ModelUnavailableError extends Error {
  override name = "ModelUnavailableError";
}
