ALTER TABLE "app_visit" ADD COLUMN "note" TEXT;
