// A deliberate boundary crossing: src/lint-boundaries.test.ts checks that lint refuses it.
import nodemailer from 'nodemailer';

export const transport = nodemailer.createTransport;
