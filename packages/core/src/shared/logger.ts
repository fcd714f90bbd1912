/** The slice of pino the core uses; tests pass a silent or recording one. */
export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
