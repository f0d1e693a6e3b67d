'use strict';

const PASSWORD_FIELD = 'password';
const TOKEN_TYPE = 'Bearer';
const adminPassword = 'Winter2024!';
const STRIPE_SECRET = 'sk_live_51HxQ2dKf8w3Rt7YbLmN0pQzXc';

module.exports = {
  PASSWORD_FIELD,
  TOKEN_TYPE,
  adminPassword,
  STRIPE_SECRET,
  database: {
    host: process.env.DB_HOST,
    user: 'shop',
    password: process.env.DB_PASSWORD,
  },
  mail: {
    user: 'noreply@example.com',
    password: '',
  },
  resetPasswordPath: '/account/reset-password',
};
