/**
 * Errors that reach the caller as the envelope: the HTTP code, a short title and a message
 * meant for a person. Deciders throw these; the API's filter turns them into answers.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly title: string,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: Record<string, string[]>) {
    super(400, 'Validation error', message, details);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', title = 'Not found') {
    super(404, title, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to access this page') {
    super(403, 'Forbidden', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, 'Conflict', message);
  }
}
