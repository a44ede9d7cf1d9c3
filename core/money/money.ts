// Currencies of the sandbox: conversion from the USD base prices, rounding, and growth points.

interface CurrencyRule {
  /** Units per US dollar (sandbox rates, fixed so tests are repeatable). */
  rate: number;
  /** Prices are rounded to this step. */
  step: number;
}

const RULES: Record<string, CurrencyRule> = {
  USD: { rate: 1, step: 0.01 },
  EUR: { rate: 0.92, step: 0.01 },
  GBP: { rate: 0.79, step: 0.01 },
  JPY: { rate: 150, step: 10 },
  KRW: { rate: 1350, step: 100 },
  TWD: { rate: 32, step: 1 },
  HKD: { rate: 7.8, step: 0.1 },
  RMB: { rate: 7.2, step: 0.1 },
  CNY: { rate: 7.2, step: 0.1 },
  MYR: { rate: 4.7, step: 0.1 },
  SGD: { rate: 1.35, step: 0.01 },
  PHP: { rate: 56, step: 1 },
  IDR: { rate: 16000, step: 1000 },
  THB: { rate: 36, step: 1 },
  VND: { rate: 25000, step: 1000 },
  INR: { rate: 83, step: 1 },
  TRY: { rate: 32, step: 0.1 },
  BRL: { rate: 5, step: 0.1 },
  RUB: { rate: 90, step: 1 },
};

const rule = (currency: string): CurrencyRule => RULES[currency] ?? { rate: 1, step: 0.01 };

export const roundMoney = (amount: number, currency: string): number => {
  const { step } = rule(currency);
  const rounded = Math.round(amount / step) * step;
  return Math.round(rounded * 100) / 100;
};

/** A USD base price in `currency`, rounded to that currency's step. */
export function convert(usd: number, currency: string): number {
  return Math.max(rule(currency).step, roundMoney(usd * rule(currency).rate, currency));
}

export const toUsd = (amount: number, currency: string): number => amount / rule(currency).rate;

/**
 * VIP growth points: 1 point per US cent spent, whatever the currency (documented in the README).
 */
export const growthPoints = (amount: number, currency: string): number => Math.round(toUsd(amount, currency) * 100);
