import { describe, expect, it } from 'vitest';

import {
  ApiError,
  apiErrorFromResponse,
  getErrorMessage,
  isApiError,
  noResponseError,
} from './api-error';

const response = (status: number, statusText: string) => ({ status, statusText, headers: new Headers() });

describe('apiErrorFromResponse', () => {
  it.each([
    [
      "the body's message",
      response(409, 'Conflict'),
      { code: 'TAKEN', message: 'Name is taken' },
      'Name is taken',
      'TAKEN',
    ],
    [
      'the status text without a message',
      response(503, 'Service Unavailable'),
      { code: 'DOWN' },
      'Service Unavailable',
      'DOWN',
    ],
    [
      'the status text for a blank message',
      response(500, 'Internal Server Error'),
      { message: '  ' },
      'Internal Server Error',
      undefined,
    ],
    ['the status text for a text body', response(502, 'Bad Gateway'), '<h1>Bad gateway</h1>', 'Bad Gateway', undefined],
    [
      'the status text for a non-string message',
      response(400, 'Bad Request'),
      { message: 42, code: 7 },
      'Bad Request',
      undefined,
    ],
    ['the fallback without either', response(500, ''), undefined, 'An unexpected error occurred.', undefined],
  ])('shows %s', (_name, res, data, message, code) => {
    const error = apiErrorFromResponse(res, data);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message,
      code,
      status: res.status,
      statusText: res.statusText,
      isNetworkError: false,
      isTimeout: false,
    });
    expect(error.data).toEqual(data);
  });
});

describe('noResponseError', () => {
  it.each([
    ['a failed connection', false],
    ['a time-out', true],
  ])('%s shows the network message of docs/product/rules-and-messages.md#errors', (_name, isTimeout) => {
    const cause = new TypeError('fetch failed');
    const error = noResponseError(cause, isTimeout);
    expect(error).toMatchObject({
      message: 'Network error. Please check your connection and try again.',
      isNetworkError: true,
      isTimeout,
      status: undefined,
      cause,
    });
  });
});

describe('isApiError', () => {
  it.each([
    [new ApiError('x', { status: 404 }), undefined, true],
    [new ApiError('x', { status: 404 }), 404, true],
    [new ApiError('x', { status: 500 }), 404, false],
    [new Error('x'), undefined, false],
    ['x', undefined, false],
  ])('%s with status %s -> %s', (error, status, expected) => {
    expect(isApiError(error, status)).toBe(expected);
  });
});

describe('getErrorMessage', () => {
  it.each([
    ['an ApiError', new ApiError('Name is taken', { status: 409 }), undefined, 'Name is taken'],
    ['an ApiError over the fallback', new ApiError('Name is taken'), 'Failed to create organisation', 'Name is taken'],
    ['an Error', new Error('Boom'), 'Failed to update name', 'Boom'],
    [
      'an Error without a message, with a fallback',
      new Error(''),
      'Failed to create organisation',
      'Failed to create organisation',
    ],
    ['a non-Error, with a fallback', 'oops', 'Failed to update name', 'Failed to update name'],
    ['a non-Error, without a fallback', { message: 'not an Error' }, undefined, 'An unexpected error occurred.'],
    ['nothing, with a blank fallback', undefined, ' ', 'An unexpected error occurred.'],
    ['an ApiError built without a message', new ApiError(''), undefined, 'An unexpected error occurred.'],
  ])('%s', (_name, error, fallback, expected) => {
    expect(getErrorMessage(error, fallback)).toBe(expected);
  });
});
