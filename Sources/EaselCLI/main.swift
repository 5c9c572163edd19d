print("easel")
